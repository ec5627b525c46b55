import { Clock, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { Card } from '@/web/components/ui/card';
import { paths } from '@/web/config/paths';
import { cn } from '@/web/lib/cn';
import { mediaSrc } from '@/web/lib/media';

export function OpenBadge({ open }: { open: boolean }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        open ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
      )}
    >
      {open ? 'Open now' : 'Closed'}
    </span>
  );
}

export function KitchenCard({ kitchen }: { kitchen: KitchenSummary }) {
  return (
    <Link to={paths.kitchenMenu(kitchen.id)} className="group" aria-label={`${kitchen.businessName} menu`}>
      <Card className="h-full overflow-hidden transition-shadow group-hover:shadow-md">
        <img src={mediaSrc(kitchen.image)} alt="" className="aspect-[16/9] w-full bg-muted object-cover" loading="lazy" />
        <div className="grid gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold leading-tight">{kitchen.businessName}</h3>
            <OpenBadge open={kitchen.openNow} />
          </div>
          <p className="text-sm text-muted-foreground">
            {kitchen.cuisine} · {kitchen.kitchenType === 'home' ? 'Home kitchen' : 'Commercial kitchen'}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden />
              {kitchen.distanceMiles !== null ? `${kitchen.distanceMiles.toFixed(1)} mi · ` : ''}
              {kitchen.city}, {kitchen.state}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden /> {kitchen.prepTimeMinutes} min
            </span>
            {kitchen.rating !== null ? (
              <span className="inline-flex items-center gap-1">
                <Star className="size-3.5 fill-current text-amber-500" aria-hidden /> {kitchen.rating.toFixed(1)} ({kitchen.ratingCount})
              </span>
            ) : null}
          </div>
        </div>
      </Card>
    </Link>
  );
}
