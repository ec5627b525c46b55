import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportTicketInput, SupportTicketQuery } from '@/shared/contracts/support-tickets';
import { api, unwrap } from '@/web/lib/api-client';

export const ticketKeys = {
  all: ['support-tickets'] as const,
  page: (query: SupportTicketQuery) => [...ticketKeys.all, 'page', query] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
};

/** How often support's list asks again: new tickets show up without a reload. */
const TICKET_REFRESH_MS = 30_000;

function asQuery(query: SupportTicketQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function supportTicketsQuery(query: SupportTicketQuery) {
  return queryOptions({
    queryKey: ticketKeys.page(query),
    queryFn: () => unwrap(api.support.tickets.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
    refetchInterval: TICKET_REFRESH_MS,
  });
}

export function supportTicketQuery(id: string) {
  return queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: () => unwrap(api.support.tickets[':id'].$get({ param: { id } })),
  });
}

/** After resolving (or a refusal, which means someone else did), the ticket and the list are read again. */
export function useResolveTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.support.tickets[':id'].resolve.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** The contact form. */
export function useSendTicket() {
  return useMutation({
    mutationFn: (input: SupportTicketInput) => unwrap(api['support-tickets'].$post({ json: input })),
  });
}
