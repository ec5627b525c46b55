import { AlertCircle, CheckCircle2, Gift, ShoppingCart, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { BogoOffer, ProductDetail } from '@/shared/contracts/catalog';
import { MAX_LINE_QUANTITY } from '@/shared/cart-rules';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Price } from '@/web/components/ui/price';
import { QuantityPicker } from '@/web/components/ui/quantity-picker';
import { useCart } from '@/web/features/cart/use-cart';
import { Badge } from '@/web/components/ui/badge';
import { bogoLabel } from './catalog-links';
import { DiscountTiers, tierForQuantity, tierUnitPrice } from './discount-tiers';
import { copy } from '@/shared/copy';

export const LOW_STOCK_THRESHOLD = 10;

export function StockStatus({ inStock, stockQuantity }: { inStock: boolean; stockQuantity: number }) {
  if (!inStock || stockQuantity <= 0) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-destructive">
        <XCircle className="size-4" aria-hidden /> Out of stock
      </p>
    );
  }
  if (stockQuantity <= LOW_STOCK_THRESHOLD) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-orange-700 dark:text-orange-300">
        <AlertCircle className="size-4" aria-hidden /> Only {stockQuantity} left
      </p>
    );
  }
  return (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
      <CheckCircle2 className="size-4" aria-hidden /> In stock
    </p>
  );
}

/**
 * Quantity, add to cart and the volume discounts of a product. The discount preview is a
 * convenience: the cart prices the line on the server.
 */
export function ProductPurchase({ product, warehouseId }: { product: ProductDetail; warehouseId: string | undefined }) {
  const { addItem, isAdding, mode } = useCart();
  const [quantity, setQuantity] = useState(1);
  const max = Math.min(product.stockQuantity, MAX_LINE_QUANTITY);
  const soldOut = !product.inStock || max < 1;
  const tier = tierForQuantity(product.discountTiers, quantity);
  const unitPrice = tier ? tierUnitPrice(product.price, tier) : product.price;

  // Staff have no cart: the layout says where orders are placed.
  if (mode === 'staff') return <DiscountTiers price={product.price} tiers={product.discountTiers} quantity={quantity} />;

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-end gap-4">
          <QuantityPicker value={quantity} max={max} onChange={setQuantity} disabled={soldOut} />
          <Button
            size="lg"
            className="h-11 min-w-40 flex-1 sm:h-10"
            disabled={soldOut || !warehouseId}
            busy={isAdding}
            onClick={() => {
              if (!warehouseId) return;
              void addItem({ itemType: 'product', productId: product.id, warehouseId, quantity });
            }}
          >
            <ShoppingCart aria-hidden />
            {isAdding ? copy.catalog.adding : copy.catalog.addToCartAction}
          </Button>
        </div>
        {soldOut ? null : (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {quantity} × {formatMoney(unitPrice)} ={' '}
            <span className="font-semibold text-foreground tabular-nums">{formatMoney(unitPrice * quantity)}</span>
            {tier ? <span className="text-primary"> (you save {formatMoney((product.price - unitPrice) * quantity)})</span> : null}
          </p>
        )}
      </div>
      <DiscountTiers price={product.price} tiers={product.discountTiers} quantity={quantity} />
    </div>
  );
}

/** The product's buy-X-get-Y offer, with its own add button. */
export function BogoCallout({ bogo, offer, warehouseId }: { bogo: NonNullable<ProductDetail['bogo']>; offer: BogoOffer | undefined; warehouseId: string | undefined }) {
  const { addItem, isAdding, mode } = useCart();
  const headingId = useId();
  const units = bogo.buyQuantity + bogo.getQuantity;
  const available = offer?.available ?? true;
  return (
    <section aria-labelledby={headingId} className="flex flex-wrap items-center gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-400/30 dark:bg-amber-400/10">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-400/20 dark:text-amber-300">
        <Gift className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="deal">{bogoLabel(bogo)}</Badge>
          {!available ? <Badge tone="danger">{copy.catalog.outOfStock}</Badge> : null}
        </div>
        <h2 id={headingId} className="font-semibold">
          {bogo.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {units} for the price of {bogo.buyQuantity}
          {offer ? (
            <>
              {': '}
              <Price amount={offer.price} original={offer.originalPrice} className="text-foreground" />
            </>
          ) : null}
        </p>
      </div>
      {mode === 'staff' ? null : (
        <Button
          variant="outline"
          className="border-amber-400 bg-background max-sm:w-full dark:border-amber-400/40"
          aria-describedby={headingId}
          disabled={!available || !warehouseId}
          busy={isAdding}
          onClick={() => {
            if (!warehouseId) return;
            void addItem({ itemType: 'bogo', bogoOfferId: bogo.id, warehouseId, quantity: 1 });
          }}
        >
          {copy.catalog.addOffer}
        </Button>
      )}
    </section>
  );
}
