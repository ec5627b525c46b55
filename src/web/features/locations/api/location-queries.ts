import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { Coordinates, ZipCodeInput } from '@/shared/contracts/locations';
import { api, unwrap } from '@/web/lib/api-client';
import { checkLocationPermission, getCurrentPosition, isNative, requestLocationPermission } from '@/web/lib/platform';
import { selectedWarehouseStore } from '../selected-warehouse';
import type { WarehouseCheckBoundary } from '../warehouse-check';
import { addressesQuery } from './address-queries';

export const activeWarehousesQuery = queryOptions({
  queryKey: ['warehouses'],
  queryFn: () => unwrap(api.warehouses.$get()),
  staleTime: 60_000,
});

export function selectWarehouseAndFee(point: Coordinates) {
  return unwrap(api['select-warehouse-and-fee'].$post({ json: point }));
}

/** The warehouse delivering to a ZIP code a shopper typed: a guest's way to be served without a position or an address. */
export function useWarehouseForZip() {
  return useMutation({ mutationFn: (input: ZipCodeInput) => unwrap(api['select-warehouse-and-fee'].zip.$post({ json: input })) });
}

/** The check's boundary in the app: the device through the platform module, the server through the typed client. */
export function createWarehouseCheckBoundary(queryClient: QueryClient): WarehouseCheckBoundary {
  return {
    isNative,
    readSavedWarehouse: () => selectedWarehouseStore.read(),
    clearSavedWarehouse: () => selectedWarehouseStore.clear(),
    refreshSavedWarehouse: (warehouse) => selectedWarehouseStore.write(warehouse),
    checkPermission: checkLocationPermission,
    requestPermission: requestLocationPermission,
    getPosition: ({ timeoutMs }) => getCurrentPosition({ timeoutMs }),
    selectWarehouseAndFee,
    // Read fresh every time: an address added a moment ago must count at the next check.
    loadAddresses: () => queryClient.fetchQuery({ ...addressesQuery, staleTime: 0 }),
    // Cached for a minute: step 1 checks the saved warehouse against it on every start.
    listActiveWarehouses: () => queryClient.fetchQuery(activeWarehousesQuery),
  };
}
