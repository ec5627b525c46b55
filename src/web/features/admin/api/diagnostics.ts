import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

export const diagnosticsQuery = queryOptions({
  queryKey: ['admin', 'diagnostics'],
  queryFn: () => unwrap(api.admin.diagnostics.$get()),
  staleTime: 0,
  retry: false,
});
