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

const placeBySource: Record<CoordinatesSource, string> = {
  address: 'your default address',
  device: 'your current location',
  'last-saved': 'your last known location',
  warehouse: 'your delivery warehouse',
};

export function CloudKitchensPage() {
  const nearby = useNearbyKitchens();
  const place = nearby.warehouseName ? `the ${nearby.warehouseName} warehouse` : nearby.source ? placeBySource[nearby.source] : 'you';
  const count = nearby.kitchens.length;

  return (
    <div>
      <PageHeader
        title="Cloud Kitchens"
        description={`Home and commercial kitchens delivering within ${DELIVERY_RANGE_MILES} miles of ${place}, nearest first.`}
      />
      {nearby.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            Loading cloud kitchens
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
        <EmptyState icon={ChefHat} title="No cloud kitchens to show">
          <div className="grid justify-items-center gap-3">
            <p>We could not load the kitchens near {place}. Check your connection and try again.</p>
            <Button variant="outline" onClick={() => void nearby.refetch()}>
              <RotateCcw aria-hidden /> Try again
            </Button>
          </div>
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState icon={ChefHat} title="No cloud kitchens in your area yet">
          <div className="grid justify-items-center gap-3">
            <p>
              No approved kitchen delivers within {DELIVERY_RANGE_MILES} miles of {place} yet. Groceries still arrive the same day.
            </p>
            <Button asChild variant="outline">
              <Link to={paths.products}>Shop groceries</Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" role="status">
            {count === 1 ? '1 kitchen' : `${count} kitchens`} near {place}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Cloud kitchens">
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
