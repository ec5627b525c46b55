import { useQuery } from '@tanstack/react-query';
import { ChefHat } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { PageSpinner } from '@/web/components/ui/spinner';
import { kitchensQuery } from '@/web/features/kitchens/api/kitchen-queries';
import { KitchenCard } from '@/web/features/kitchens/components/kitchen-card';

export function CloudKitchensPage() {
  const kitchens = useQuery(kitchensQuery);
  return (
    <div>
      <PageHeader title="Cloud Kitchens" description="Home and commercial kitchens delivering near you." />
      {kitchens.isPending ? <PageSpinner /> : null}
      {kitchens.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
          <p>{kitchens.error.message}</p>
          <Button variant="outline" onClick={() => kitchens.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {kitchens.data?.length === 0 ? (
        <EmptyState icon={ChefHat} title="No kitchens near you">
          Approved kitchens within delivery range appear here.
        </EmptyState>
      ) : null}
      {kitchens.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Cloud kitchens">
          {kitchens.data.map((kitchen) => (
            <li key={kitchen.id}>
              <KitchenCard kitchen={kitchen} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
