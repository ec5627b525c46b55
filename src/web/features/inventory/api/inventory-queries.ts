import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryChange } from '@/shared/contracts/manager';
import { api, unwrap } from '@/web/lib/api-client';

export interface InventoryFilters {
  warehouseId: string;
  q: string;
  lowStock: boolean;
  page: number;
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  warehouse: (warehouseId: string) => [...inventoryKeys.all, warehouseId] as const,
  page: (filters: InventoryFilters) => [...inventoryKeys.warehouse(filters.warehouseId), filters] as const,
};

export function inventoryQuery(filters: InventoryFilters) {
  return queryOptions({
    queryKey: inventoryKeys.page(filters),
    queryFn: () =>
      unwrap(
        api.inventory.$get({
          query: {
            warehouseId: filters.warehouseId,
            page: String(filters.page),
            ...(filters.q ? { q: filters.q } : {}),
            ...(filters.lowStock ? { lowStock: 'true' as const } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateShelf(warehouseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; change: InventoryChange }) =>
      unwrap(api.inventory[':warehouseId'][':productId'].$patch({ param: { warehouseId, productId: input.productId }, json: input.change })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.warehouse(warehouseId) }),
  });
}
