import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

/** Every approved kitchen by name, for filters (the nearby list without a distance). */
export const kitchenOptionsQuery = queryOptions({
  queryKey: ['admin', 'kitchen-options'],
  queryFn: async () =>
    (await unwrap(api.kitchens.nearby.$post({ json: { userLatitude: 0, userLongitude: 0, calculateDistance: false } }))).cloudKitchens.map((kitchen) => ({
      id: kitchen.id,
      name: kitchen.businessName,
    })),
  staleTime: 60_000,
});
