import { Percent } from 'lucide-react';
import { useId } from 'react';
import type { DiscountTier } from '@/shared/contracts/catalog';
import { discountTiersCopy as text } from '@/shared/copy';
import { discounted, formatMoney, percentToBasisPoints } from '@/shared/money';
import { cn } from '@/web/lib/cn';
import { Badge } from '@/web/components/ui/badge';
import { formatPercent } from './catalog-links';

/** The unit price at a tier: the percentage always comes off the original price. */
export function tierUnitPrice(price: number, tier: DiscountTier): number {
  return discounted(price, percentToBasisPoints(tier.percentage));
}

/** The tier a quantity reaches (the tiers come sorted by quantity with rising percentages), if any. */
export function tierForQuantity(tiers: DiscountTier[], quantity: number): DiscountTier | undefined {
  return tiers.filter((tier) => quantity >= tier.minQuantity).reduce<DiscountTier | undefined>((best, tier) => (!best || tier.percentage > best.percentage ? tier : best), undefined);
}

/** 'Buy 3+ save 5%' per tier, with the price of one unit at that tier. */
export function DiscountTiers({ price, tiers, quantity }: { price: number; tiers: DiscountTier[]; quantity?: number }) {
  const headingId = useId();
  if (tiers.length === 0) return null;
  const active = quantity === undefined ? undefined : tierForQuantity(tiers, quantity);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card">
      <div className="flex items-center gap-2 border-b px-4 py-3">
        <span className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Percent className="size-4" aria-hidden />
        </span>
        <h2 id={headingId} className="font-semibold">
          {text.heading}
        </h2>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{text.caption}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {text.columns.quantity}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {text.columns.discount}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {text.columns.priceEach}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => {
            const isActive = tier === active;
            return (
              <tr key={`${tier.minQuantity}-${tier.percentage}`} aria-current={isActive ? 'true' : undefined} className={cn('border-t', isActive && 'bg-primary/5')}>
                <th scope="row" className="px-4 py-2.5 text-left font-medium">
                  {text.tier(tier.minQuantity)}
                </th>
                <td className="px-4 py-2.5">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <span className="font-medium text-primary">{text.saving(formatPercent(tier.percentage))}</span>
                    {isActive ? <Badge tone="success">{text.applied}</Badge> : null}
                  </span>
                </td>
                <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{formatMoney(tierUnitPrice(price, tier))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="border-t px-4 py-2.5 text-xs text-muted-foreground">
        {text.regularPrice(formatMoney(price))}
      </p>
    </section>
  );
}
