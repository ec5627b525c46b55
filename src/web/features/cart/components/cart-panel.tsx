import { ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { dialogOpenerProps, OpenedOnce } from '@/web/components/ui/opened-once';
import { useCart } from '../use-cart';
import { lazyWhenOnline, preload } from '@/web/lib/lazy-when-online';

const loadCartSheet = () => import('./cart-sheet').then((module) => ({ default: module.CartSheet }));
const CartSheet = lazyWhenOnline(loadCartSheet);

const openRequests = new Set<() => void>();

/** Opens the cart panel from elsewhere in the app, e.g. after an order's items were put back into the cart. */
export function openCartPanel() {
  for (const open of openRequests) open();
}

/**
 * The cart button with its count badge, opening the cart side panel; staff, who have no cart, have none.
 * The panel loads when a shopper reaches for the button (pointer over it, focus on it) and opens on its
 * first press.
 */
export function CartPanel() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    openRequests.add(show);
    return () => void openRequests.delete(show);
  }, []);
  const { mode, cart } = useCart();
  const itemCount = cart?.itemCount ?? 0;
  if (mode === 'staff') return null;

  return (
    <>
      <Button
        variant="ghost"
        size="touch-icon"
        aria-label={copy.cart.buttonLabel(itemCount)}
        className="relative"
        {...dialogOpenerProps(open)}
        onPointerEnter={() => preload(loadCartSheet)}
        onFocus={() => preload(loadCartSheet)}
        onClick={() => setOpen(true)}
      >
        <ShoppingCart />
        {itemCount > 0 ? (
          <span
            data-testid="cart-count"
            aria-hidden
            className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-semibold text-primary-foreground"
          >
            {itemCount}
          </span>
        ) : null}
      </Button>
      <OpenedOnce open={open}>
        <CartSheet open={open} onOpenChange={setOpen} />
      </OpenedOnce>
    </>
  );
}
