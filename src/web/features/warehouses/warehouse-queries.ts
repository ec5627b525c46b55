import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWarehouseInput, AdminWarehouseQuery } from '@/shared/contracts/locations';
import { api, unwrap } from '@/web/lib/api-client';

export const warehouseKeys = {
  all: ['admin', 'warehouses'] as const,
  page: (query: AdminWarehouseQuery) => [...warehouseKeys.all, 'page', query] as const,
  candidates: (q: string) => [...warehouseKeys.all, 'candidates', q] as const,
};

export function adminWarehousesQuery(query: AdminWarehouseQuery) {
  return queryOptions({
    queryKey: warehouseKeys.page(query),
    queryFn: () =>
      unwrap(api.admin.warehouses.$get({ query: { page: String(query.page ?? 1), pageSize: String(query.pageSize ?? 25), ...(query.q ? { q: query.q } : {}) } })),
    placeholderData: keepPreviousData,
  });
}

export function staffCandidatesQuery(q: string) {
  return queryOptions({
    queryKey: warehouseKeys.candidates(q),
    queryFn: () => unwrap(api.admin.warehouses['staff-candidates'].$get({ query: q ? { q } : {} })),
    placeholderData: keepPreviousData,
  });
}

/** Creates a warehouse, or edits the one named. */
export function useSaveWarehouse(warehouseId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminWarehouseInput) =>
      warehouseId
        ? unwrap(api.admin.warehouses[':id'].$put({ param: { id: warehouseId }, json: input }))
        : unwrap(api.admin.warehouses.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
