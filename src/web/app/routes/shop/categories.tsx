import { useQuery } from '@tanstack/react-query';
import { LayoutGrid } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { categoriesQuery } from '@/web/features/catalog/api/catalog-queries';
import { CategoryCard, CategoryCardSkeleton } from '@/web/features/catalog/components/category-cards';
import { QueryError } from '@/web/components/ui/query-error';
import { useWarehouseId } from '@/web/features/locations/selected-warehouse';
import { copy } from '@/shared/copy';

export function CategoriesPage() {
  const warehouseId = useWarehouseId();
  const categories = useQuery(categoriesQuery(warehouseId));

  return (
    <div>
      <PageHeader title={copy.categories.title} description={copy.categories.description} />
      {categories.isError ? (
        <QueryError title={copy.categories.loadError} error={categories.error} onRetry={() => void categories.refetch()} />
      ) : !categories.data ? (
        <div aria-busy className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only" role="status">
            {copy.categories.loading}
          </span>
          {Array.from({ length: 6 }, (_, index) => (
            <CategoryCardSkeleton key={index} />
          ))}
        </div>
      ) : categories.data.length === 0 ? (
        <EmptyState icon={LayoutGrid} title={copy.categories.empty}>
          {copy.categories.emptyHint}
        </EmptyState>
      ) : (
        <ul aria-label={copy.categories.title} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map((category) => (
            <li key={category.id} className="flex [&>*]:w-full">
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
