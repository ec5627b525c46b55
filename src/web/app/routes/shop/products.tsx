import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { categoriesQuery, productsQuery } from '@/web/features/catalog/api/catalog-queries';
import { useNextShelf } from '@/web/features/catalog/api/next-shelf';
import { productListParams } from '@/web/features/catalog/api/product-list-params';
import { pluralize, productSearchParams, productsHref, readProductFilters, type ProductFilters } from '@/web/features/catalog/components/catalog-links';
import { Pagination } from '@/web/components/ui/pagination';
import { ProductFiltersBar } from '@/web/features/catalog/components/product-filters';
import { NotSavedOffline, SavedResultsNotice } from '@/web/features/network/components/offline-notices';
import { ProductGrid, ProductGridSkeleton } from '@/web/features/catalog/components/product-card';
import { QueryError } from '@/web/components/ui/query-error';
import { useWarehouseId } from '@/web/features/locations/selected-warehouse';
import { cn } from '@/web/lib/cn';
import { copy } from '@/shared/copy';

/** The cards of a wide screen's first row: their pictures are the page's largest paint (ADR 061). */
const FIRST_ROW = 4;
/**
 * The cards rendered with the page: two rows of the grid (two, three or four cards wide, as its classes say);
 * the rest follow while the browser is idle (ADR 061).
 */
function firstCards(): number {
  const wide = (query: string) => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches);
  return 2 * (wide('(min-width: 64rem)') ? 4 : wide('(min-width: 40rem)') ? 3 : 2);
}

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readProductFilters(searchParams);
  const warehouseId = useWarehouseId();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const categories = useQuery(categoriesQuery(warehouseId));
  const products = useQuery(productsQuery(productListParams(filters, warehouseId)));

  // Any change of filter starts again at page 1; only the pager keeps a page.
  const changeFilters = (next: ProductFilters) => setSearchParams(productSearchParams({ ...next, page: undefined }));
  const goToPage = (page: number) => {
    setSearchParams(productSearchParams({ ...filters, page }));
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const category = categories.data?.find((candidate) => candidate.id === filters.category);
  const subcategory = category?.subcategories.find((candidate) => candidate.id === filters.subcategory);
  const hasFilters = Boolean(filters.q || filters.category || filters.subcategory);
  // Offline, a list with no saved answer waits for the connection: the results shown before (kept while
  // a new read is on its way) are not its answer, so neither they nor their count stand in for it.
  const waitingForConnection = products.isPaused && (products.isPlaceholderData || !products.data);
  const data = waitingForConnection ? undefined : products.data;
  // The cards shown are kept from the read before (another filter, or the warehouse before the customer's
  // location moved the catalog): their adds go to the warehouse browsed now, as on the home page.
  const next = useNextShelf(products.isPlaceholderData);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={category?.name ?? copy.products.title}
        description={subcategory ? copy.products.inSubcategory(subcategory.name) : (category?.description ?? copy.products.everything)}
      />
      <div className="-mt-4 rounded-xl border bg-card p-4 shadow-sm">
        <ProductFiltersBar filters={filters} categories={categories.data} onChange={changeFilters} />
      </div>

      <section aria-labelledby="product-results" className="grid scroll-mt-24 gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="product-results" ref={resultsRef} className="scroll-mt-28 text-lg font-semibold" aria-live="polite">
            {data ? pluralize(data.total, 'product') : copy.products.title}
            {data && filters.q ? (
              <span className="font-normal text-muted-foreground">
                {' '}
                for “<span className="text-foreground">{filters.q}</span>”
              </span>
            ) : null}
          </h2>
          {hasFilters ? (
            <Link to={paths.products} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {copy.products.clearFilters}
            </Link>
          ) : null}
        </div>
        <SavedResultsNotice show={Boolean(data)} />

        {products.isError ? (
          <QueryError title={copy.products.loadError} error={products.error} onRetry={() => void products.refetch()} />
        ) : waitingForConnection ? (
          <NotSavedOffline />
        ) : !data ? (
          <div aria-busy>
            <p role="status" className="sr-only">
              {copy.products.loading}
            </p>
            <ProductGridSkeleton count={12} />
          </div>
        ) : data.items.length === 0 ? (
          data.total > 0 ? (
            <EmptyState icon={SearchX} title={copy.products.pastLastPage}>
              <p>
                The results end on page {pageCount}.{' '}
                <Link to={productsHref({ ...filters, page: 1 })} className="font-medium text-primary underline-offset-4 hover:underline">
                  {copy.products.firstPage}
                </Link>
              </p>
            </EmptyState>
          ) : (
            <EmptyState icon={SearchX} title={copy.products.noMatch}>
              <p className="mb-4">{copy.products.noMatchHint}</p>
              <Button asChild variant="outline">
                <Link to={paths.products}>{copy.products.resetFilters}</Link>
              </Button>
            </EmptyState>
          )
        ) : (
          <div aria-busy={products.isPlaceholderData} className={cn('grid gap-6 transition-opacity', products.isPlaceholderData && 'opacity-60')}>
            <ProductGrid label={copy.products.title} products={data.items} warehouseId={data.warehouseId} next={next} urgentImages={FIRST_ROW} eagerCount={firstCards()} />
            <Pagination page={filters.page} pageCount={pageCount} onPageChange={goToPage} />
          </div>
        )}
      </section>
    </div>
  );
}
