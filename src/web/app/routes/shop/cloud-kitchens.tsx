import { ChefHat } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function CloudKitchensPage() {
  return (
    <div>
      <PageHeader title="Cloud Kitchens" description="Home and commercial kitchens delivering near you." />
      <EmptyState icon={ChefHat} title="No kitchens near you">
        Approved kitchens within delivery range appear here.
      </EmptyState>
    </div>
  );
}
