import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/web/lib/toast';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import type { Coordinates } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { KITCHEN_CACHE_TTL_MS, MAX_POSITION_AGE_MS, PREFETCH_LOCATION_TIMEOUT_MS } from '@/shared/locations';
import { useAuth } from '@/web/lib/session';
import { addressesQuery } from '@/web/features/locations/api/address-queries';
import { activeWarehousesQuery } from '@/web/features/locations/api/location-queries';
import { selectedWarehouseStore } from '@/web/features/locations/selected-warehouse';
import { api, ApiError, unwrap } from '@/web/lib/api-client';
import { checkLocationPermission, getCurrentPosition } from '@/web/lib/platform';
import { withTimeout } from '@/web/lib/with-timeout';
import {
  createNearbyKitchensClient,
  firstAddressCoordinates,
  kitchenWarehouse,
  resolveKitchenCoordinates,
  type CoordinatesSource,
  type NearbyKitchensClient,
} from '../nearby-kitchens';

/** A bad request stays bad; anything else (network, server, rate limit) is worth another try. */
function isRetryable(error: unknown) {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);
}

/** One client for the app, so the cache, the throttle and the in-flight requests are shared. */
export const nearbyKitchensClient: NearbyKitchensClient = createNearbyKitchensClient({
  fetchNearby: (json) => unwrap(api.kitchens.nearby.$post({ json })),
  isRetryable,
});

/** Who is looking, which decides where to look: a user's addresses, a guest's chosen warehouse. */
export interface NearbyViewer {
  userId: string | null;
  warehouseId: string | null;
}

export interface NearbyKitchensResult {
  kitchens: KitchenSummary[];
  coordinates: Coordinates | null;
  source: CoordinatesSource | null;
  /** The warehouse looked around, when that was the source. */
  warehouseName: string | null;
}

async function devicePosition(): Promise<Coordinates | null> {
  // A background lookup must not pop the browser's permission prompt; the location dialog asks.
  if ((await checkLocationPermission()) !== 'granted') return null;
  // The browser's own time-out does not run while a prompt is open, hence the outer one.
  return withTimeout(
    getCurrentPosition({ timeoutMs: PREFETCH_LOCATION_TIMEOUT_MS, maximumAgeMs: MAX_POSITION_AGE_MS }),
    PREFETCH_LOCATION_TIMEOUT_MS,
  );
}

export async function loadNearbyKitchens(
  viewer: NearbyViewer,
  queryClient: QueryClient,
  client: NearbyKitchensClient = nearbyKitchensClient,
): Promise<NearbyKitchensResult> {
  let warehouseName: string | null = null;
  const resolved = await resolveKitchenCoordinates({
    defaultAddress: viewer.userId ? async () => firstAddressCoordinates(await queryClient.fetchQuery(addressesQuery)) : undefined,
    devicePosition,
    lastSaved: () => client.lastCoordinates(),
    warehouse: async () => {
      const warehouse = kitchenWarehouse(await queryClient.fetchQuery(activeWarehousesQuery), viewer.warehouseId);
      warehouseName = warehouse?.name ?? null;
      return warehouse;
    },
  });
  if (!resolved) return { kitchens: [], coordinates: null, source: null, warehouseName: null };
  // Only the user's own whereabouts become the fallback for next time, never a warehouse.
  const rememberCoordinates = resolved.source === 'address' || resolved.source === 'device';
  const kitchens = await client.get(resolved.coordinates, { rememberCoordinates });
  return { kitchens, ...resolved, warehouseName: resolved.source === 'warehouse' ? warehouseName : null };
}

export function nearbyKitchensQuery(viewer: NearbyViewer) {
  return queryOptions({
    queryKey: ['kitchens', 'nearby', viewer.userId, viewer.warehouseId],
    queryFn: ({ client }) => loadNearbyKitchens(viewer, client),
    staleTime: KITCHEN_CACHE_TTL_MS,
    // The client already retries (2 times, 1 s doubling); resume is handled by the prefetcher.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The viewer once the session is known; null while it loads. */
export function useNearbyViewer(): NearbyViewer | null {
  const auth = useAuth();
  const warehouseId = selectedWarehouseStore.use()?.id ?? null;
  if (auth.status === 'loading') return null;
  return { userId: auth.status === 'signed-in' ? auth.user.id : null, warehouseId };
}

const placeholderViewer: NearbyViewer = { userId: null, warehouseId: null };
// Several components may watch the same failed query; the customer hears about it once.
const announcedFailures = new WeakSet<Error>();

/** Kitchens near the viewer, nearest first; empty (and announced once) when loading fails. */
export function useNearbyKitchens() {
  const viewer = useNearbyViewer();
  const query = useQuery({ ...nearbyKitchensQuery(viewer ?? placeholderViewer), enabled: viewer !== null });
  const { error, isFetching } = query;

  useEffect(() => {
    if (!error || isFetching || announcedFailures.has(error)) return;
    announcedFailures.add(error);
    toast.error(copy.kitchens.loadFailed);
  }, [error, isFetching]);

  return {
    kitchens: query.isError ? [] : (query.data?.kitchens ?? []),
    // A retry after a failure shows as loading again rather than as the failed, empty list.
    isPending: query.isPending || (query.isError && query.isFetching),
    isError: query.isError,
    source: query.data?.source ?? null,
    warehouseName: query.data?.warehouseName ?? null,
    coordinates: query.data?.coordinates ?? null,
    refetch: query.refetch,
  };
}
