import { ChefHat, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { useNearbyKitchens } from '@/web/features/kitchens/api/nearby-kitchens-query';
import { KitchenCard, KitchenCardSkeleton } from '@/web/features/kitchens/components/kitchen-card';
import type { CoordinatesSource } from '@/web/features/kitchens/nearby-kitchens';
import { copy } from '@/shared/copy';

const text = copy.kitchensPage;
const placeBySource: Record<CoordinatesSource, string> = text.places;

export function CloudKitchensPage() {
  const nearby = useNearbyKitchens();
  const place = nearby.warehouseName ? text.warehouse(nearby.warehouseName) : nearby.source ? placeBySource[nearby.source] : text.you;
  const count = nearby.kitchens.length;

  return (
    <div>
      <PageHeader
        title={text.title}
        description={text.description(DELIVERY_RANGE_MILES, place)}
      />
      {nearby.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            {text.loading}
          </p>
          <ul aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <KitchenCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : nearby.isError ? (
        <EmptyState icon={ChefHat} title={text.loadErrorTitle}>
          <div className="grid justify-items-center gap-3">
            <p>{text.loadError(place)}</p>
            <Button variant="outline" onClick={() => void nearby.refetch()}>
              <RotateCcw aria-hidden /> {text.tryAgain}
            </Button>
          </div>
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState icon={ChefHat} title={text.noneTitle}>
          <div className="grid justify-items-center gap-3">
            <p>{text.none(DELIVERY_RANGE_MILES, place)}</p>
            <Button asChild variant="outline">
              <Link to={paths.products}>{text.shopGroceries}</Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" role="status">
            {text.count(count, place)}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={text.listLabel}>
            {nearby.kitchens.map((kitchen) => (
              <li key={kitchen.id}>
                {/* The page's own list, under its title: the names are the next level. */}
                <KitchenCard kitchen={kitchen} headingLevel={2} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
