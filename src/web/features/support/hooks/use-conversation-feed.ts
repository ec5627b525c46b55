import { supportConversationSummary, type SupportConversationSummary } from '@/shared/contracts/support-chat';
import type { StreamState } from '@/web/lib/event-stream';
import { useLiveFeed } from '@/web/lib/use-live-feed';
import { conversationKeys } from '../api/support-conversations';

/**
 * Keeps support's conversation pages live: on every change to a conversation handed to a person, and
 * whenever the stream (re)connects, the conversation queries are read again. `onEvent` hears each
 * conversation's summary, e.g. to announce a new escalation. Answers the connection's state.
 */
export function useConversationFeed(onEvent?: (summary: SupportConversationSummary) => void): StreamState {
  return useLiveFeed({
    path: '/api/support/conversations/stream',
    event: 'conversation',
    schema: supportConversationSummary,
    refresh: (queryClient) => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    onEvent,
  });
}
