import { useQuery } from '@tanstack/react-query';
import type { Actor } from '@/shared/access';
import { activeWarehousesQuery } from '@/web/features/locations/api/location-queries';
import { useAuth } from '@/web/lib/session';

export interface ManagedWarehouse {
  id: string;
  name: string;
}

/** The warehouses the signed-in manager runs, named, and the viewer as the shared access rules see them. */
export function useManagedWarehouses(): { warehouses: ManagedWarehouse[]; actor: Actor | null } {
  const auth = useAuth();
  const names = useQuery(activeWarehousesQuery);
  if (auth.status !== 'signed-in') return { warehouses: [], actor: null };
  const { profile } = auth;
  const named = new Map((names.data ?? []).map((warehouse) => [warehouse.id, warehouse.name]));
  return {
    warehouses: profile.warehouseIds.map((id) => ({ id, name: named.get(id) ?? '' })),
    actor: { role: profile.role, profileId: profile.id, warehouseIds: profile.warehouseIds, kitchenIds: profile.kitchenIds },
  };
}
