import { sql } from 'drizzle-orm';
import type { OrderEvent } from '@/shared/contracts/orders';
import type { OrderStatus } from '@/shared/order-status';
import { preparedQuery, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';

/** The channel every instance listens on; the payload is the event itself (OrderEventMessage). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/** What NOTIFY carries: the event and the order it belongs to. */
export interface OrderEventMessage extends OrderEvent {
  orderId: string;
}

const insertEvent = preparedQuery<
  { orderId: string; status: OrderStatus; actorKind: string; actorProfileId: string | null; note: string },
  { id: number; at: Date | string }
>(
  'insert_order_event',
  ({ orderId, status, actorKind, actorProfileId, note }) => sql`insert into order_events (order_id, status, actor_kind, actor_profile_id, note)
    values (${orderId}, ${status}, ${actorKind}, ${actorProfileId}, ${note})
    returning id, created_at as at`,
);

const notify = preparedQuery<{ payload: string }, unknown>('notify_order_event', ({ payload }) => sql`select pg_notify('order_events', ${payload})`);

/**
 * Records that an order took a status, by whom (a viewer, or the system), inside the caller's
 * transaction, and announces it to every server instance. NOTIFY is delivered on commit only, so a
 * rolled-back change is never announced.
 */
export async function recordOrderEvent(
  tx: Db,
  options: { orderId: string; status: OrderStatus; actor: Viewer | 'system'; note?: string },
): Promise<OrderEventMessage> {
  const actorKind = options.actor === 'system' ? 'system' : options.actor.role;
  const actorProfileId = options.actor === 'system' ? null : options.actor.profileId;
  const note = options.note ?? '';
  const [row] = await insertEvent(tx, { orderId: options.orderId, status: options.status, actorKind, actorProfileId, note });
  const event: OrderEventMessage = {
    id: String(row!.id),
    orderId: options.orderId,
    status: options.status,
    at: new Date(row!.at).toISOString(),
    actor: actorKind,
    note,
  };
  await notify(tx, { payload: JSON.stringify(event) });
  return event;
}
