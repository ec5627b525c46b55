import { Package } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function ProductsPage() {
  return (
    <div>
      <PageHeader title="Products" description="Everything your warehouse has in stock." />
      <EmptyState icon={Package} title="No products to show">
        Products of your delivery warehouse appear here.
      </EmptyState>
    </div>
  );
}
