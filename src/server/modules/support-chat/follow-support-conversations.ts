import type { SupportConversationSummary } from '@/shared/contracts/support-chat';
import type { Database } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { pubsubOf } from '../../lib/pubsub';
import type { EventSink } from '../../lib/sse';
import { readSupportConversationSummary } from '../../read-models/support-conversations';
import { CHAT_EVENTS_CHANNEL, type ChatEventMessage } from './conversation-records';
import { assertSupportStaff } from './support-conversation-work';

/**
 * Every connected agent hears every chat event: the conversation's summary is read once per event
 * for all of them (the hub hands each subscriber the same parsed payload), and forgotten with it.
 */
const summaryByEvent = new WeakMap<object, Promise<SupportConversationSummary | undefined>>();

function summaryFor(database: Database, event: ChatEventMessage): Promise<SupportConversationSummary | undefined> {
  let summary = summaryByEvent.get(event);
  if (!summary) {
    summary = readSupportConversationSummary(database.db, event.conversationId).catch(() => undefined);
    summaryByEvent.set(event, summary);
  }
  return summary;
}

const isChatEvent = (value: unknown): value is ChatEventMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { conversationId?: unknown }).conversationId === 'string' &&
  ((value as { kind?: unknown }).kind === 'message' || (value as { kind?: unknown }).kind === 'status');

/**
 * Support's live queue: `ready` once listening (the client then reads its lists, so nothing said
 * before is missed), then `conversation` (its summary as it stands now) whenever a conversation that
 * is a person's business escalates, gets a message or changes status, and `ready` again after the
 * listening connection was lost and made again. Conversations still with the assistant stay private
 * between the customer and the assistant.
 */
export async function followSupportConversations(options: { database: Database; viewer: Viewer; sink: EventSink }): Promise<void> {
  const { database, viewer, sink } = options;
  assertSupportStaff(viewer);
  let queue = Promise.resolve();
  const send = (event: Parameters<EventSink['send']>[0]) => {
    queue = queue.then(() => sink.send(event)).catch(() => undefined);
  };
  const leave = await pubsubOf(database).subscribe(CHAT_EVENTS_CHANNEL, {
    message(value) {
      // A conversation still with the assistant is none of support's business, and costs no read.
      if (!isChatEvent(value) || value.status === 'assistant') return;
      void summaryFor(database, value).then((summary) => {
        if (!summary || summary.status === 'assistant') return;
        send({ event: 'conversation', data: summary });
      });
    },
    reconnected: () => send({ event: 'ready', data: {} }),
  });
  try {
    send({ event: 'ready', data: {} });
    await new Promise<void>((resolve) => {
      if (sink.signal.aborted) resolve();
      else sink.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    await leave();
  }
}
