import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnDecisionInput, ReturnQueueQuery } from '@/shared/contracts/orders';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { staffKeys } from '@/web/features/staff/api/staff-orders';
import { api, unwrap } from '@/web/lib/api-client';

/** Under the staff keys, so the live staff feed refreshes the queue on every order event. */
export const supportKeys = {
  returns: () => [...staffKeys.all, 'returns'] as const,
  returnPage: (query: ReturnQueueQuery) => [...supportKeys.returns(), query] as const,
};

/** The query string the API reads: only the filters that are set, as text. */
function asQuery(query: ReturnQueueQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function returnQueueQuery(query: ReturnQueueQuery) {
  return queryOptions({
    queryKey: supportKeys.returnPage(query),
    queryFn: () => unwrap(api.returns.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

/** Approves (with an amount) or rejects a return request; the queue and the order are read again. */
export function useDecideReturn(returnRequestId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnDecisionInput) => unwrap(api.returns[':id'].decision.$post({ param: { id: returnRequestId }, json: input })),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: supportKeys.returns() }), queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) })]);
    },
  });
}
