import { LayoutGrid } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function CategoriesPage() {
  return (
    <div>
      <PageHeader title="Categories" description="Browse the aisles of your warehouse." />
      <EmptyState icon={LayoutGrid} title="No categories yet">
        Categories appear here once the catalog is stocked.
      </EmptyState>
    </div>
  );
}
