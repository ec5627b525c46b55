import { PackageSearch } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function OrderDetailPage() {
  return (
    <div>
      <PageHeader title="Order details" description="Status, items and delivery." />
      <EmptyState icon={PackageSearch} title="Order not found">
        We could not find this order on your account.
      </EmptyState>
    </div>
  );
}
