import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProductListQuery } from '@/shared/contracts/catalog';
import { api, unwrap } from '@/web/lib/api-client';

type ListParams = Omit<ProductListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

/**
 * Catalog reads run even while the browser reports no connection: the service worker may answer
 * them from its saved copy (ADR 036). Retries still wait for the connection to come back.
 */
const networkMode = 'offlineFirst' as const;

function query(params: Record<string, string | number | undefined>) {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export function productsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['products', params],
    queryFn: () => unwrap(api.products.$get({ query: query(params) })),
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
