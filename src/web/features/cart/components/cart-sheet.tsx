import { AlertTriangle, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cartNoticeText, copy, quantityCap } from '@/shared/copy';
import type { Cart, CartLine } from '@/shared/contracts/cart';
import { formatMoney, savingsOf } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Price } from '@/web/components/ui/price';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet';
import { paths } from '@/web/config/paths';
import { useServiceAreaStatus } from '@/web/features/locations/location-state';
import { mediaSrc } from '@/web/lib/media';
import { keepToastsAbove } from '@/web/lib/toast-clearance';
import { useCart } from '../use-cart';

/**
 * A line with its steppers and remove button. While the cart updates they refuse presses but stay
 * enabled (aria-disabled): a disabled button would drop the keyboard's focus out of the line.
 */
function CartLineRow({ line, busy, onQuantity, onRemove }: { line: CartLine; busy: boolean; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const atMost = line.quantity >= line.maxQuantity;
  const capId = `cap-${line.id}`;
  return (
    <li className="flex gap-3 py-3" aria-label={line.name}>
      <img src={mediaSrc(line.image)} alt="" className="size-16 shrink-0 rounded-md border bg-muted object-cover" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium">{line.name}</p>
        <p className="truncate text-xs text-muted-foreground">{line.detail}</p>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <Button variant="outline" size="icon" className="size-11 sm:size-7" aria-label={copy.cart.decrease(line.name)} busy={busy} onClick={() => onQuantity(line.quantity - 1)}>
              <Minus />
            </Button>
            <span className="w-7 text-center text-sm tabular-nums" aria-label={copy.cart.quantity}>
              {line.quantity}
            </span>
            <Button
              variant="outline"
              size="icon"
              className="size-11 sm:size-7"
              aria-label={copy.cart.increase(line.name)}
              aria-describedby={atMost ? capId : undefined}
              disabled={atMost}
              busy={busy}
              onClick={() => onQuantity(line.quantity + 1)}
            >
              <Plus />
            </Button>
            {atMost ? (
              <span id={capId} className="text-xs text-muted-foreground tabular-nums">
                {quantityCap(line.maxQuantity)}
              </span>
            ) : null}
          </div>
          <Price amount={line.unitPrice * line.quantity} original={line.originalPrice * line.quantity} className="text-sm" />
        </div>
      </div>
      <Button variant="ghost" size="icon" className="size-11 self-start sm:size-7" aria-label={copy.cart.remove(line.name)} busy={busy} onClick={() => onRemove()}>
        <Trash2 />
      </Button>
    </li>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const { summary } = cart;
  const rows = [
    [copy.cart.subtotal, formatMoney(summary.subtotal)],
    [copy.cart.serviceFee, formatMoney(summary.serviceFee)],
    [copy.cart.deliveryFee, summary.deliveryFee === 0 ? copy.cart.free : formatMoney(summary.deliveryFee)],
    [copy.cart.tax, formatMoney(summary.taxAmount)],
  ] as const;
  // What discounts, bundles and deals take off, from the prices the server gave each line.
  const savings = savingsOf(cart.items);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
      {rows.map(([label, shown]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right tabular-nums">{shown}</dd>
        </div>
      ))}
      {savings > 0 ? (
        <div className="contents text-emerald-700 dark:text-emerald-300">
          <dt>{copy.cart.youSave}</dt>
          <dd className="text-right font-medium tabular-nums" data-testid="cart-savings">
            {formatMoney(savings)}
          </dd>
        </div>
      ) : null}
      <div className="contents text-base font-semibold">
        <dt>{copy.cart.total}</dt>
        <dd className="text-right tabular-nums" data-testid="cart-total">
          {formatMoney(cart.summary.totalAmount)}
        </dd>
      </div>
    </dl>
  );
}

/** Which guest lines the server did not take, or took fewer of, and why: every other line still shows. */
function CartNotices({ cart }: { cart: Cart }) {
  if (cart.skipped.length === 0) return null;
  return (
    <div role="status" className="mx-4 grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-400/30 dark:bg-amber-400/10">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        {copy.cart.notKeptTitle}
      </p>
      <ul className="grid gap-0.5 text-muted-foreground">
        {cart.skipped.map((notice, index) => (
          <li key={notice.id ?? index}>{cartNoticeText(notice)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The cart side panel, loaded on its first opening (`CartPanel`). */
export function CartSheet({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { cart, isLoading, isUpdating, setQuantity, removeItem, clearCart } = useCart();
  const inServiceArea = useServiceAreaStatus() !== 'out';
  // A removed line takes its focused button with it: the focus goes to the panel's title.
  const lineGone = useRef(false);
  const lineCount = cart?.items.length ?? 0;
  useEffect(() => {
    if (!lineGone.current) return;
    lineGone.current = false;
    titleRef.current?.focus();
  }, [lineCount]);
  // From a kitchen's pages, or with a kitchen cart, the way back leads to the kitchens.
  const kitchenContext = cart?.kind === 'cloud_kitchen' || pathname.startsWith(paths.cloudKitchens) || pathname.startsWith('/cloud-kitchen/');
  const hasItems = Boolean(cart && cart.items.length > 0);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        onOpenAutoFocus={(event) => {
          // Never onto a control that changes or removes a line: the panel's title takes focus.
          event.preventDefault();
          titleRef.current?.focus();
        }}
      >
        <SheetHeader className="flex-row items-center justify-between gap-2">
          <SheetTitle ref={titleRef} tabIndex={-1} className="outline-none">
            {copy.header.cart}
          </SheetTitle>
          <SheetDescription className="sr-only">{copy.cart.sheetDescription}</SheetDescription>
          {hasItems ? (
            // Away from Checkout, and quieter: the toast offers to undo it.
            <Button
              variant="link"
              size="sm"
              className="h-11 px-2 text-muted-foreground sm:h-8"
              busy={isUpdating}
              onClick={async () => {
                await clearCart();
                setOpen(false);
                navigate(paths.home);
              }}
            >
              {copy.cart.clearCart}
            </Button>
          ) : null}
        </SheetHeader>
        {cart && cart.items.length === 0 ? <CartNotices cart={cart} /> : null}
        {!cart || cart.items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <ShoppingCart className="size-12 text-muted-foreground" aria-hidden />
            {isLoading ? (
              <p>{copy.app.loading}</p>
            ) : (
              <>
                <p className="font-medium">{copy.cart.empty}</p>
                <p className="text-sm text-muted-foreground">{copy.cart.emptyHint}</p>
                <Button
                  className="mt-2"
                  onClick={() => {
                    setOpen(false);
                    navigate(kitchenContext ? paths.cloudKitchens : paths.products);
                  }}
                >
                  {kitchenContext ? copy.cart.browseKitchens : copy.cart.continueShopping}
                </Button>
              </>
            )}
          </div>
        ) : (
          <>
            <CartNotices cart={cart} />
            <ul className="flex-1 divide-y overflow-y-auto px-4" aria-label={copy.cart.itemsLabel}>
              {cart.items.map((line) => (
                <CartLineRow
                  key={line.id}
                  line={line}
                  busy={isUpdating}
                  onQuantity={(quantity) => {
                    if (quantity < 1) lineGone.current = true;
                    setQuantity(line, quantity);
                  }}
                  onRemove={() => {
                    lineGone.current = true;
                    removeItem(line);
                  }}
                />
              ))}
            </ul>
            <div ref={keepToastsAbove} className="grid gap-3 border-t p-4">
              <Totals cart={cart} />
              {!inServiceArea ? <p className="text-sm text-destructive">{copy.cart.outsideServiceArea}</p> : null}
              <Button
                disabled={!inServiceArea || isLoading || isUpdating}
                onClick={() => {
                  setOpen(false);
                  navigate(paths.checkout);
                }}
              >
                {copy.cart.checkout}
              </Button>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
