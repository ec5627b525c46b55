import { Gift, PackagePlus, Tag } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { BogoOffer, Bundle } from '@/shared/contracts/catalog';
import { a11yCopy, copy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Price } from '@/web/components/ui/price';
import { paths } from '@/web/config/paths';
import { useCart } from '@/web/features/cart/use-cart';
import { Badge } from '@/web/components/ui/badge';
import { bogoLabel } from './catalog-links';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Skeleton } from '@/web/components/ui/skeleton';

function Savings({ price, originalPrice }: { price: number; originalPrice: number }) {
  if (originalPrice <= price) return null;
  return <Badge tone="success">{copy.catalog.save(formatMoney(originalPrice - price))}</Badge>;
}

export function BundleCard({ bundle, warehouseId, headingLevel: Heading = 'h3' }: { bundle: Bundle; warehouseId: string; headingLevel?: 'h3' | 'h4' }) {
  const { addItem, isAdding, mode } = useCart();
  const titleId = useId();
  const includesId = useId();
  return (
    <article aria-labelledby={titleId} className="relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="relative bg-muted">
        <CatalogImage src={bundle.image} alt={bundle.name} className="aspect-[16/9] w-full" />
        <Badge tone="dealOnImage" className="absolute top-2 left-2">
          <PackagePlus aria-hidden /> Bundle
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading id={titleId} className="leading-snug font-semibold">
          {bundle.name}
        </Heading>
        {bundle.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{bundle.description}</p> : null}
        {bundle.items.length > 0 ? (
          <div className="text-sm">
            <p id={includesId} className="font-medium">
              {copy.cart.bundleIncludes}
            </p>
            <ul aria-labelledby={`${includesId} ${titleId}`} className="grid gap-0.5 text-muted-foreground">
              {bundle.items.map((item) => (
                <li key={item.productId} className="truncate">
                  {item.quantity} × {item.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Price amount={bundle.price} original={bundle.originalPrice} className="text-lg" />
          {bundle.available ? <Savings price={bundle.price} originalPrice={bundle.originalPrice} /> : <Badge tone="danger">{copy.catalog.unavailable}</Badge>}
        </div>
        {mode === 'staff' ? null : (
          // Refusing presses while an add is in flight but never disabled by it: a disabled button drops the keyboard's focus.
          <Button
            className="w-full aria-disabled:opacity-50"
            aria-label={a11yCopy.addBundle(bundle.name)}
            disabled={!bundle.available}
            aria-disabled={isAdding || undefined}
            onClick={() => {
              if (!isAdding) void addItem({ itemType: 'bundle', bundleId: bundle.id, warehouseId, quantity: 1 });
            }}
          >
            {copy.catalog.addBundle}
          </Button>
        )}
      </div>
    </article>
  );
}

export function BogoOfferCard({ offer, warehouseId, headingLevel: Heading = 'h3' }: { offer: BogoOffer; warehouseId: string; headingLevel?: 'h3' | 'h4' }) {
  const { addItem, isAdding, mode } = useCart();
  const titleId = useId();
  const units = offer.buyQuantity + offer.getQuantity;
  return (
    <article aria-labelledby={titleId} className="relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="relative bg-muted">
        <CatalogImage src={offer.image} alt={offer.productName} className="aspect-[16/9] w-full" />
        <Badge tone="dealOnImage" className="absolute top-2 left-2">
          <Gift aria-hidden /> {bogoLabel(offer)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading id={titleId} className="leading-snug font-semibold">
          {offer.name}
        </Heading>
        <p className="text-sm">
          <Link to={paths.product(offer.productId)} className="font-medium text-primary underline-offset-4 hover:underline">
            {offer.productName}
          </Link>
          <span className="text-muted-foreground">
            {' '}
            · {units} for the price of {offer.buyQuantity}
          </span>
        </p>
        {offer.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{offer.description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Price amount={offer.price} original={offer.originalPrice} className="text-lg" />
          {offer.available ? <Savings price={offer.price} originalPrice={offer.originalPrice} /> : <Badge tone="danger">{copy.catalog.outOfStock}</Badge>}
        </div>
        {mode === 'staff' ? null : (
          // As the bundle's button: busy while an add is in flight, but keeping the focus.
          <Button
            className="w-full aria-disabled:opacity-50"
            aria-label={a11yCopy.addOffer(offer.name)}
            disabled={!offer.available}
            aria-disabled={isAdding || undefined}
            onClick={() => {
              if (!isAdding) void addItem({ itemType: 'bogo', bogoOfferId: offer.id, warehouseId, quantity: 1 });
            }}
          >
            <Tag aria-hidden />
            {copy.catalog.addOffer}
          </Button>
        )}
      </div>
    </article>
  );
}

export function DealCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[16/9]" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-3/5 rounded" />
        <Skeleton className="h-4 w-full rounded" />
        <Skeleton className="h-4 w-4/5 rounded" />
        <Skeleton className="mt-2 h-9 w-full rounded-md" />
      </div>
    </div>
  );
}
