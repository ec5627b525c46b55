import type { StaffFeedEvent } from '@/shared/contracts/staff';
import type { Database } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { pubsubOf } from '../../lib/pubsub';
import type { EventSink } from '../../lib/sse';
import { ORDER_EVENTS_CHANNEL, type OrderEventMessage } from './order-events';
import { sql } from 'drizzle-orm';
import { followsInStaffFeed, type OrderFacts } from '@/shared/order-status';
import { preparedQuery } from '../../db/client';

type Facts = OrderFacts & { orderNumber: string };

const selectFeedFacts = preparedQuery<{ orderId: string }, Facts>(
  'select_staff_feed_facts',
  ({ orderId }) => sql`select order_number as "orderNumber", type, status, customer_profile_id as "customerProfileId",
      warehouse_id as "warehouseId", cloud_kitchen_id as "kitchenId", driver_profile_id as "driverProfileId"
    from orders where id = ${orderId}`,
);

/**
 * Every connected staff member hears every order event and must know whom it concerns. The facts of
 * the order are read once per event for all of them, and forgotten soon after.
 */
const factsByEvent = new Map<string, Promise<Facts | undefined>>();

function factsFor(database: Database, message: OrderEventMessage): Promise<Facts | undefined> {
  // Event ids count per database: the order's id makes the key unique where a process serves several (tests do).
  const key = `${message.orderId}/${message.id}`;
  let facts = factsByEvent.get(key);
  if (!facts) {
    facts = selectFeedFacts(database.db, { orderId: message.orderId }).then(([found]) => found);
    factsByEvent.set(key, facts);
    setTimeout(() => factsByEvent.delete(key), 5_000).unref();
  }
  return facts;
}

const isEventMessage = (value: unknown): value is OrderEventMessage =>
  typeof value === 'object' && value !== null && typeof (value as { orderId?: unknown }).orderId === 'string' && typeof (value as { id?: unknown }).id === 'string';

/**
 * The live staff queue: `ready` once listening (the client then reads its lists, so nothing said
 * before is missed), then `order` for every status change of an order this viewer follows, and
 * `ready` again after the database connection that listens was lost and made again.
 */
export async function followStaffOrders(options: { database: Database; viewer: Viewer; sink: EventSink }): Promise<void> {
  const { database, viewer, sink } = options;
  let queue = Promise.resolve();
  const send = (event: Parameters<EventSink['send']>[0]) => {
    queue = queue.then(() => sink.send(event)).catch(() => undefined);
  };
  const leave = await pubsubOf(database).subscribe(ORDER_EVENTS_CHANNEL, {
    message(value) {
      if (!isEventMessage(value)) return;
      void factsFor(database, value).then((facts) => {
        if (!facts || !followsInStaffFeed({ viewer, order: facts })) return;
        const event: StaffFeedEvent = { id: value.id, orderId: value.orderId, orderNumber: facts.orderNumber, type: facts.type, status: value.status, at: value.at };
        send({ event: 'order', data: event, id: value.id });
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
