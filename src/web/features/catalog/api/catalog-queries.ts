import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';
import { prefetchedOr, takePrefetchedBody } from '@/web/lib/prefetched';
import { searchValues as query, type ProductListParams } from './product-list-params';

/**
 * Catalog reads run even while the browser reports no connection: the service worker may answer
 * them from its saved copy (ADR 036). Retries still wait for the connection to come back.
 */
const networkMode = 'offlineFirst' as const;

/** A product list; the list the app loader asked for (ADR 061) when it asked for this very one. */
function readProducts(params: ProductListParams) {
  return unwrap(prefetchedOr(api.products.$url({ query: query(params) }), () => api.products.$get({ query: query(params) })));
}

export function productsQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: ['products', params],
    queryFn: () => readProducts(params),
    // When the loader's list is already in, the first render shows the cards rather than their skeleton.
    initialData: () => takePrefetchedBody<Awaited<ReturnType<typeof readProducts>>>(api.products.$url({ query: query(params) })),
    placeholderData: keepPreviousData,
    networkMode,
  });
}

export function productQuery(productId: string, warehouseId: string | undefined) {
  return queryOptions({
    queryKey: ['product', productId, warehouseId],
    queryFn: () => unwrap(api.products[':id'].$get({ param: { id: productId }, query: query({ warehouseId }) })),
    networkMode,
  });
}

export function categoriesQuery(warehouseId: string | undefined) {
  return queryOptions({
    queryKey: ['categories', warehouseId],
    queryFn: () => unwrap(api.categories.$get({ query: query({ warehouseId }) })),
    staleTime: 5 * 60_000,
    networkMode,
  });
}

export function dealsQuery(warehouseId: string | undefined) {
  return queryOptions({
    queryKey: ['deals', warehouseId],
    queryFn: () => unwrap(api.deals.$get({ query: query({ warehouseId }) })),
    networkMode,
  });
}
