import { Gift, PackagePlus, Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CartItemInput } from '@/shared/contracts/cart';
import type { BogoOffer, Bundle, Deals } from '@/shared/contracts/catalog';
import { a11yCopy, copy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Price } from '@/web/components/ui/price';
import { paths } from '@/web/config/paths';
import { useCart } from '@/web/features/cart/use-cart';
import { toast } from '@/web/lib/toast';
import { Badge } from '@/web/components/ui/badge';
import { bogoLabel } from './catalog-links';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Skeleton } from '@/web/components/ui/skeleton';

function Savings({ price, originalPrice }: { price: number; originalPrice: number }) {
  if (originalPrice <= price) return null;
  return <Badge tone="success">{copy.catalog.save(formatMoney(originalPrice - price))}</Badge>;
}

/**
 * The warehouse that delivers to the customer now, while a row still shows the deals of the one before it
 * (their location resolved to another warehouse after the row was drawn).
 */
export interface NextWarehouse {
  name: string;
  /** Its deals, once they are in. */
  deals: () => Promise<Deals>;
}

interface DealCardProps {
  /** The warehouse whose deals the row shows. */
  warehouseId: string;
  /** Set while the row shows another warehouse's deals than the one delivering now. */
  next?: NextWarehouse;
  headingLevel?: 'h3' | 'h4';
}

/**
 * A deal's Add. A tap on a row still showing the last warehouse's deals is not lost to the swap, nor sent to
 * that warehouse: it waits for the new warehouse's deals and adds the deal from there, or says it is not offered there.
 */
function useAddDeal({ warehouseId, next }: DealCardProps) {
  const { addItem, isAdding, mode } = useCart();
  const [waiting, setWaiting] = useState(false);
  const add = async (deal: { name: string; failed: string; find: (deals: Deals) => { available: boolean } | undefined; input: (from: string) => CartItemInput }) => {
    if (!next) return addItem(deal.input(warehouseId));
    setWaiting(true);
    try {
      const deals = await next.deals();
      if (deal.find(deals)?.available) await addItem(deal.input(deals.warehouseId));
      else toast.error(deal.failed, { description: copy.catalog.dealNotOffered(deal.name, next.name) });
    } catch (error) {
      toast.error(deal.failed, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setWaiting(false);
    }
  };
  return { add, busy: isAdding || waiting, mode };
}

export function BundleCard({ bundle, headingLevel: Heading = 'h3', ...source }: DealCardProps & { bundle: Bundle }) {
  const { add, busy, mode } = useAddDeal(source);
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
          <Button
            className="w-full"
            aria-label={a11yCopy.addBundle(bundle.name)}
            disabled={!bundle.available}
            busy={busy}
            onClick={() => {
              void add({
                name: bundle.name,
                failed: copy.cart.addBundleFailed,
                find: (deals) => deals.bundles.find((candidate) => candidate.id === bundle.id),
                input: (warehouseId) => ({ itemType: 'bundle', bundleId: bundle.id, warehouseId, quantity: 1 }),
              });
            }}
          >
            {copy.catalog.addBundle}
          </Button>
        )}
      </div>
    </article>
  );
}

export function BogoOfferCard({ offer, headingLevel: Heading = 'h3', ...source }: DealCardProps & { offer: BogoOffer }) {
  const { add, busy, mode } = useAddDeal(source);
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
          <Button
            className="w-full"
            aria-label={a11yCopy.addOffer(offer.name)}
            disabled={!offer.available}
            busy={busy}
            onClick={() => {
              void add({
                name: offer.name,
                failed: copy.cart.addBogoFailed,
                find: (deals) => deals.bogoOffers.find((candidate) => candidate.id === offer.id),
                input: (warehouseId) => ({ itemType: 'bogo', bogoOfferId: offer.id, warehouseId, quantity: 1 }),
              });
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
