import type { OrderEvent } from '@/shared/contracts/orders';
import { orderStatuses, type OrderStatus } from '@/shared/order-status';
import type { Database } from '../../db/client';
import { errorEntry, type Logger } from '../../lib/logger';
import { pubsubOf } from '../../lib/pubsub';
import type { NativePushProvider } from '../../providers/native-push';
import type { PushProvider } from '../../providers/push';
import { ORDER_EVENTS_CHANNEL } from '../orders/order-events';
import { notifyOrderEvent } from './notify-order-event';

function parseEvent(value: unknown): { id: number; orderId: string; status: OrderStatus; actor: OrderEvent['actor'] } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, orderId, status, actor } = value as Record<string, unknown>;
  const eventId = Number(id);
  if (!Number.isSafeInteger(eventId) || typeof orderId !== 'string' || !orderStatuses.includes(status as OrderStatus) || typeof actor !== 'string') return undefined;
  return { id: eventId, orderId, status: status as OrderStatus, actor: actor as OrderEvent['actor'] };
}

/**
 * Hears every order event (each instance does; the deliveries table makes each notice go out once)
 * and pushes what it calls for. `settled` resolves once every event heard so far has been handled.
 */
export async function startOrderNotifications(options: { database: Database; push: PushProvider; nativePush: NativePushProvider | null; logger: Logger }) {
  const { database, logger } = options;
  const pending = new Set<Promise<void>>();
  const leave = await pubsubOf(database).subscribe(ORDER_EVENTS_CHANNEL, {
    message(value) {
      const event = parseEvent(value);
      if (!event) return;
      const work = notifyOrderEvent({ db: database.db, push: options.push, nativePush: options.nativePush, logger, event }).catch((error: unknown) => {
        logger.warn({ ...errorEntry(error), orderId: event.orderId }, 'order notifications failed');
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
  });
  return {
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async stop() {
      await leave();
      await this.settled();
    },
  };
}
