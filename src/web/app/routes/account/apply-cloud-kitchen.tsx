import { ChefHat } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function ApplyCloudKitchenPage() {
  return (
    <div>
      <PageHeader title="Apply to open a cloud kitchen" description="Sell your dishes to customers near you." />
      <EmptyState icon={ChefHat} title="Applications are reviewed by our team">
        Tell us about your kitchen: business name, kitchen type, address, contact phone, food-safety certificate, cuisine and a short description.
      </EmptyState>
    </div>
  );
}
