import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

export const kitchensQuery = queryOptions({
  queryKey: ['kitchens'],
  queryFn: () => unwrap(api.kitchens.$get()),
  staleTime: 5 * 60_000,
});

export function kitchenMenuQuery(kitchenId: string) {
  return queryOptions({
    queryKey: ['kitchen-menu', kitchenId],
    queryFn: () => unwrap(api.kitchens[':id'].$get({ param: { id: kitchenId } })),
  });
}
