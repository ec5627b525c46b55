import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

export function kitchenMenuQuery(kitchenId: string) {
  return queryOptions({
    queryKey: ['kitchen-menu', kitchenId],
    queryFn: () => unwrap(api.kitchens[':id'].$get({ param: { id: kitchenId } })),
  });
}
