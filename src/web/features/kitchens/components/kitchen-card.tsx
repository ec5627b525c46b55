import { Clock, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { copy, openingHoursCopy } from '@/shared/copy';
import { describeNextOpening, type NextOpening } from '@/shared/opening-hours';
import { paths } from '@/web/config/paths';
import { Badge } from '@/web/components/ui/badge';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Skeleton } from '@/web/components/ui/skeleton';

/** "2.4 mi away": one decimal, as the server measures it. */
export function formatDistance(miles: number): string {
  return `${miles.toFixed(1)} mi away`;
}

/** A cloud kitchen: the whole card opens its menu. Its name is a heading one level below the list's. */
export function KitchenCard({ kitchen, headingLevel = 3 }: { kitchen: KitchenSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <div className="relative overflow-hidden">
        <CatalogImage src={kitchen.image} alt="" className="aspect-[16/9] w-full transition-transform duration-300 group-hover:scale-[1.03]" />
        <OpenBadge open={kitchen.openNow} opensNext={kitchen.opensNext} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base">
          <Link to={paths.kitchenMenu(kitchen.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {kitchen.businessName}
          </Link>
        </Heading>
        <p className="truncate text-xs text-muted-foreground sm:text-sm">
          {kitchen.cuisine} · {kitchen.city}, {kitchen.state}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
          {kitchen.distanceMiles !== null ? (
            <span className="inline-flex items-center gap-1 font-medium text-foreground">
              <MapPin className="size-3.5" aria-hidden />
              {formatDistance(kitchen.distanceMiles)}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            <span>
              {kitchen.prepTimeMinutes} min<span className="sr-only"> preparation time</span>
            </span>
          </span>
          {kitchen.rating !== null ? <RatingBadge rating={kitchen.rating} count={kitchen.ratingCount} /> : null}
        </div>
      </div>
    </article>
  );
}

export function KitchenCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[16/9]" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-4 w-3/4 rounded" />
        <Skeleton className="h-3 w-1/2 rounded" />
        <Skeleton className="h-3 w-2/3 rounded" />
      </div>
    </div>
  );
}

/** 'Open now', or 'Closed' with when it opens next ('Opens tomorrow at 11:00 AM'). */
export function OpenBadge({ open, opensNext, className }: { open: boolean; opensNext: NextOpening | null; className?: string }) {
  return (
    <Badge tone={open ? 'openOnImage' : 'closedOnImage'} className={className}>
      <span className={`size-1.5 rounded-full ${open ? 'bg-white' : 'bg-zinc-400'}`} aria-hidden />
      {open ? openingHoursCopy.openNow : opensNext ? `${openingHoursCopy.closed} · ${describeNextOpening(opensNext)}` : openingHoursCopy.closed}
    </Badge>
  );
}

/** The average stars and how many ratings, as a kitchen card or a dish shows them. */
export function RatingBadge({ rating, count }: { rating: number; count: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-3.5 fill-current text-amber-500" aria-hidden />
      <span className="sr-only">{copy.kitchens.rating}</span>
      {rating.toFixed(1)} ({count})
    </span>
  );
}
