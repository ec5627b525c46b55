import { ShoppingCart } from 'lucide-react';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';

/** The cart button with its count badge, opening the cart side panel. */
export function CartPanel({ itemCount }: { itemCount: number }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={copy.header.cart} className="relative">
          <ShoppingCart />
          {itemCount > 0 ? (
            <span
              data-testid="cart-count"
              className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground"
            >
              {itemCount}
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{copy.header.cart}</SheetTitle>
          <SheetDescription className="sr-only">Items in your cart</SheetDescription>
        </SheetHeader>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
          <ShoppingCart className="size-12 text-muted-foreground" aria-hidden />
          <p className="font-medium">{copy.cart.empty}</p>
          <p className="text-sm text-muted-foreground">{copy.cart.emptyHint}</p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
