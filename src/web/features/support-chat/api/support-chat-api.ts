import { queryOptions } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import {
  supportChatActionResponse,
  type ChatAction,
  type ChatCompletionChunk,
  type ChatConversation,
} from '@/shared/contracts/support-chat';
import { copy } from '@/shared/copy';
import { api, ApiError, apiFetch, apiStream, unwrap } from '@/web/lib/api-client';
import { reconcile } from '../chat-messages';

/** One turn as the API takes it (SPEC §7: `{role, content}`). */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export const supportChatKeys = {
  all: ['support-chat'] as const,
  conversation: (userId: string) => [...supportChatKeys.all, 'conversation', userId] as const,
};

/** The customer's current conversation: its messages, status and any action waiting for a yes. */
export function conversationQuery(userId: string) {
  return queryOptions({
    queryKey: supportChatKeys.conversation(userId),
    queryFn: async ({ client, queryKey }): Promise<ChatConversation> => {
      const conversation = await unwrap(api['support-chat'].conversation.$get());
      const previous = client.getQueryData<ChatConversation>(queryKey);
      return previous ? { ...conversation, messages: reconcile(previous.messages, conversation.messages) } : conversation;
    },
    // Opening the chat always reads the history again: another device may have added to it.
    staleTime: 0,
  });
}

/** The live feed of the customer's conversation: an agent's replies, messages from other devices, status changes. */
export const supportChatStreamPath = '/api/support-chat/stream';

/** A reply stream that stopped before its `[DONE]`: the answer is incomplete. */
export class IncompleteReply extends Error {
  constructor() {
    super('The reply ended before it was complete.');
    this.name = 'IncompleteReply';
  }
}

/**
 * Sends the conversation (the message form; `clientId` is the id this device gave its last turn) and reads the reply as it streams: server-sent events
 * of chat-completion chunks, each `choices[0].delta.content` handed to `onDelta` as it arrives,
 * ending with `data: [DONE]`. Resolves with the whole reply; throws the server's refusal as an
 * ApiError (429, 402, ...), a connection lost before or while the answer came as the ApiError
 * `NETWORK`, and an IncompleteReply when the stream ends without `[DONE]`.
 */
export async function streamSupportReply(options: { messages: ChatTurn[]; clientId?: string; onDelta(delta: string): void; signal?: AbortSignal }): Promise<string> {
  const response = await apiStream('/api/support-chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ messages: options.messages, clientId: options.clientId }),
    cache: 'no-store',
    signal: options.signal,
  });
  if (!response.body) throw new IncompleteReply();

  // Written by the parser's callback, so kept in an object the loop below reads afresh.
  const state: { reply: string; done: boolean; failure: ApiError | null } = { reply: '', done: false, failure: null };
  const parser = createParser({
    onEvent(event) {
      if (state.done) return;
      if (event.data === '[DONE]') {
        state.done = true;
        return;
      }
      let chunk: Partial<ChatCompletionChunk> & { error?: { code?: string; message?: string; status?: number } };
      try {
        chunk = JSON.parse(event.data) as typeof chunk;
      } catch {
        return;
      }
      // A provider that fails after the stream began says so in the stream.
      if (chunk.error) {
        state.failure = new ApiError(chunk.error.status ?? 500, chunk.error.code ?? 'REPLY_FAILED', chunk.error.message ?? 'The reply failed.');
        return;
      }
      const delta = chunk.choices?.[0]?.delta?.content;
      if (delta) {
        state.reply += delta;
        options.onDelta(delta);
      }
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!state.done && !state.failure) {
      const { done: ended, value } = await reader.read().catch((error: unknown) => {
        // The connection dropped while the answer came: the server may well have the message.
        throw options.signal?.aborted ? error : new ApiError(0, 'NETWORK', copy.app.connectionIssue);
      });
      if (ended) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    if (state.done || state.failure) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  if (state.failure) throw state.failure;
  if (!state.done) throw new IncompleteReply();
  return state.reply;
}

/** The action form: runs the action the customer just confirmed, answering what was done. */
export async function sendSupportAction(input: { messages: ChatTurn[]; action: ChatAction; orderId: string; clientId?: string }): Promise<string> {
  const body = await apiFetch<unknown>('/api/support-chat', { method: 'POST', json: input });
  return supportChatActionResponse.parse(body).message;
}
