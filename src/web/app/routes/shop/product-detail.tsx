import { PackageSearch } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function ProductDetailPage() {
  return (
    <div>
      <PageHeader title="Product" description="Product details and prices." />
      <EmptyState icon={PackageSearch} title="Product not found">
        This product is not sold by your warehouse.
      </EmptyState>
    </div>
  );
}
