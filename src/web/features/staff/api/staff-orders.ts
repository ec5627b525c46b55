import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StaffOrderQuery } from '@/shared/contracts/staff';
import { api, unwrap } from '@/web/lib/api-client';

export const staffKeys = {
  all: ['staff'] as const,
  orders: () => [...staffKeys.all, 'orders'] as const,
  orderPage: (query: StaffOrderQuery) => [...staffKeys.orders(), query] as const,
};

/** The query string the API reads: only the filters that are set, as text. */
function asQuery(query: StaffOrderQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

/** A page of a staff queue; the previous page stays on screen while the next one loads. */
export function staffOrdersQuery(query: StaffOrderQuery) {
  return queryOptions({
    queryKey: staffKeys.orderPage(query),
    queryFn: () => unwrap(api.staff.orders.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}
