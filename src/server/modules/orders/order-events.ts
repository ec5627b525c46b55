import { sql, type SQL } from 'drizzle-orm';
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

/** Who an event is by, as order_events stores it. */
export function eventActor(actor: Viewer | 'system'): { actorKind: OrderEvent['actor']; actorProfileId: string | null } {
  return actor === 'system' ? { actorKind: 'system', actorProfileId: null } : { actorKind: actor.role, actorProfileId: actor.profileId };
}

/**
 * An inserted order_events row (aliased `alias`) as the OrderEventMessage JSON, with `at` in the
 * form of Date#toISOString (milliseconds, UTC), so the announcement is built in the statement that
 * writes the event instead of in a second round trip.
 */
export function eventMessageSql(alias: string): SQL {
  const row = sql.identifier(alias);
  return sql`json_build_object('id', ${row}.id::text, 'orderId', ${row}.order_id, 'status', ${row}.status, 'at', ${eventAtSql(alias)},
    'actor', ${row}.actor_kind, 'note', ${row}.note)::text`;
}

/** An order_events row's time, as Date#toISOString writes it. */
export function eventAtSql(alias: string): SQL {
  return sql`to_char(${sql.identifier(alias)}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// The event and its NOTIFY in one statement: NOTIFY is still delivered on commit only.
const insertEvent = preparedQuery<
  { orderId: string; status: OrderStatus; actorKind: string; actorProfileId: string | null; note: string; at: string | null },
  { id: string; at: string }
>(
  'insert_order_event',
  ({ orderId, status, actorKind, actorProfileId, note, at }) => sql`with e as (
      insert into order_events (order_id, status, actor_kind, actor_profile_id, note, created_at)
      values (${orderId}, ${status}, ${actorKind}, ${actorProfileId}, ${note}, coalesce(${at}::timestamptz, clock_timestamp()))
      returning id, order_id, status, actor_kind, note, created_at
    )
    select e.id::text as id, ${eventAtSql('e')} as at, pg_notify(${ORDER_EVENTS_CHANNEL}, ${eventMessageSql('e')}) from e`,
);

/**
 * Records that an order took a status, by whom (a viewer, or the system), inside the caller's
 * transaction, and announces it to every server instance. NOTIFY is delivered on commit only, so a
 * rolled-back change is never announced. `at` dates an event of the past (a seeded history).
 */
export async function recordOrderEvent(
  tx: Db,
  options: { orderId: string; status: OrderStatus; actor: Viewer | 'system'; note?: string; at?: Date },
): Promise<OrderEventMessage> {
  const { actorKind, actorProfileId } = eventActor(options.actor);
  const note = options.note ?? '';
  const at = options.at?.toISOString() ?? null;
  const [row] = await insertEvent(tx, { orderId: options.orderId, status: options.status, actorKind, actorProfileId, note, at });
  return { id: row!.id, orderId: options.orderId, status: options.status, at: row!.at, actor: actorKind, note };
}
