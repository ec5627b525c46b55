import { useQueryClient } from '@tanstack/react-query';
import { copy } from '@/shared/copy';
import { useBrowsingWarehouse } from '@/web/features/locations/selected-warehouse';
import { ApiError } from '@/web/lib/api-client';
import type { NextShelf } from '../components/product-card';
import { productQuery } from './catalog-queries';

/**
 * While a grid still shows a list read before (`stale`: the customer's location moved the catalog to another
 * warehouse, whose list is on its way), the shelf its adds go to: the warehouse browsed now, which sells the
 * product or not. Undefined once the grid shows that warehouse's own list.
 */
export function useNextShelf(stale: boolean): NextShelf | undefined {
  const queryClient = useQueryClient();
  const warehouse = useBrowsingWarehouse();
  if (!stale) return undefined;
  return {
    name: warehouse?.name ?? copy.app.defaultWarehouseLabel,
    product: (productId) =>
      queryClient.fetchQuery(productQuery(productId, warehouse?.id)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  };
}
