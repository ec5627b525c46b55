import type { Database } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { pubsubOf } from '../../lib/pubsub';
import type { EventSink } from '../../lib/sse';
import { CHAT_EVENTS_CHANNEL, type ChatEventMessage } from './conversation-records';

const isChatEvent = (value: unknown): value is ChatEventMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { customerProfileId?: unknown }).customerProfileId === 'string' &&
  typeof (value as { conversationId?: unknown }).conversationId === 'string';

/**
 * The customer's live chat feed: `ready` once listening (the client then reads the conversation, so
 * nothing said before is missed), then `message` for every message of their conversations (an
 * agent's reply, or one written on another device) and `status` when one changes hands; `ready`
 * again after the listening connection was lost and made again.
 */
export async function followCustomerChat(options: { database: Database; viewer: Viewer; sink: EventSink }): Promise<void> {
  const { database, viewer, sink } = options;
  let queue = Promise.resolve();
  const send = (event: Parameters<EventSink['send']>[0]) => {
    queue = queue.then(() => sink.send(event)).catch(() => undefined);
  };
  const leave = await pubsubOf(database).subscribe(CHAT_EVENTS_CHANNEL, {
    message(value) {
      if (!isChatEvent(value) || value.customerProfileId !== viewer.profileId) return;
      if (value.kind === 'message') send({ event: 'message', data: value.message });
      else send({ event: 'status', data: { conversationId: value.conversationId, status: value.status } });
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
