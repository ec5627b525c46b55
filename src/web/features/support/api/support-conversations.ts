import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportConversationQuery } from '@/shared/contracts/support-chat';
import { api, unwrap } from '@/web/lib/api-client';

export const conversationKeys = {
  all: ['support-conversations'] as const,
  page: (query: SupportConversationQuery) => [...conversationKeys.all, 'page', query] as const,
  detail: (id: string) => [...conversationKeys.all, 'detail', id] as const,
};

function asQuery(query: SupportConversationQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/** A page of the conversations handed to a person; the live feed reads it again on every change. */
export function supportConversationsQuery(query: SupportConversationQuery) {
  return queryOptions({
    queryKey: conversationKeys.page(query),
    queryFn: () => unwrap(api.support.conversations.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

export function supportConversationDetailQuery(id: string) {
  return queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: () => unwrap(api.support.conversations[':id'].$get({ param: { id } })),
  });
}

/** After any change (or a refusal, which means someone else changed it), the conversation and the queue are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: conversationKeys.all });
}

export function useTakeConversation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => unwrap(api.support.conversations[':id'].take.$post({ param: { id } })),
    onSettled: refresh,
  });
}

export function useReplyToConversation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (content: string) => unwrap(api.support.conversations[':id'].messages.$post({ param: { id }, json: { content } })),
    onSettled: refresh,
  });
}

export function useCloseConversation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => unwrap(api.support.conversations[':id'].close.$post({ param: { id } })),
    onSettled: refresh,
  });
}
