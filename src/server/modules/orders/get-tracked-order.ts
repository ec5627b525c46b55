import { sql } from 'drizzle-orm';
import type { OrderEvent, OrderSource, TrackingSnapshot } from '@/shared/contracts/orders';
import type { OrderFacts, OrderStatus, OrderType } from '@/shared/order-status';
import { preparedQuery, type Db } from '../../db/client';
import { orderSources } from '../../read-models/order-context';
import { returnsLeft } from './returnable-orders';

/**
 * Who sees a tracked order. `viewer`: someone the access rules let see it (its customer, its staff).
 * `public`: whoever holds a lookup token, i.e. knows its number and the account's email; they see no
 * address and no notes.
 */
export type TrackingView = 'viewer' | 'public';

interface TrackedOrderRow {
  id: string;
  orderNumber: string;
  type: OrderType;
  status: OrderStatus;
  estimatedAt: Date | string;
  latitude: number | null;
  longitude: number | null;
  customerProfileId: string;
  warehouseId: string;
  kitchenId: string | null;
  driverProfileId: string | null;
  events: { id: string | number; status: OrderStatus; actor: OrderEvent['actor']; note: string; at: string }[] | string;
  positionLatitude: number | null;
  positionLongitude: number | null;
  positionAt: Date | string | null;
  positionAgeSeconds: number | string | null;
}

// One statement, so the status, the events and the position of each order are of the same moment.
const selectTrackedOrders = preparedQuery<{ orderIds: string }, TrackedOrderRow>(
  'select_tracked_orders',
  ({ orderIds }) => sql`select o.id, o.order_number as "orderNumber", o.type, o.status, o.estimated_delivery_at as "estimatedAt",
      o.latitude, o.longitude, o.customer_profile_id as "customerProfileId", o.warehouse_id as "warehouseId",
      o.cloud_kitchen_id as "kitchenId", o.driver_profile_id as "driverProfileId",
      coalesce((select json_agg(json_build_object('id', e.id::text, 'status', e.status, 'actor', e.actor_kind, 'note', e.note, 'at', e.created_at) order by e.id)
        from order_events e where e.order_id = o.id), '[]'::json) as events,
      p.latitude as "positionLatitude", p.longitude as "positionLongitude", p.updated_at as "positionAt",
      greatest(0, floor(extract(epoch from (clock_timestamp() - p.updated_at)))) as "positionAgeSeconds"
    from orders o
    left join driver_positions p on p.order_id = o.id
    where o.id in (select value::uuid from jsonb_array_elements_text(${orderIds}::jsonb))`,
);

const iso = (value: Date | string) => new Date(value).toISOString();

export interface TrackedOrder {
  snapshot: TrackingSnapshot;
  facts: OrderFacts;
}

/**
 * Orders as tracking shows them, in the order asked (unknown ids left out): status, estimate, events,
 * where each comes from and goes to, the driver's position while it is out for delivery, with its age by
 * the database's clock (a row left behind after that is never shown), whether a return may still be asked,
 * and whether it was refunded only in part, so it reads so here as on its page. Two statements however many orders, and a few more reads only for
 * those delivered or refunded. The caller has checked who may see them.
 */
export async function getTrackedOrders(options: { db: Db; orderIds: readonly string[]; view: TrackingView }): Promise<TrackedOrder[]> {
  const { db, orderIds, view } = options;
  if (orderIds.length === 0) return [];
  const rows = await selectTrackedOrders(db, { orderIds: JSON.stringify(orderIds) });
  const [sources, left] = await Promise.all([
    orderSources(db, {
      warehouseIds: [...new Set(rows.filter((row) => !row.kitchenId).map((row) => row.warehouseId))],
      kitchenIds: [...new Set(rows.flatMap((row) => (row.kitchenId ? [row.kitchenId] : [])))],
    }),
    returnsLeft(db, rows),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return orderIds.flatMap((orderId) => {
    const row = byId.get(orderId);
    const source = row && sources.get(row.kitchenId ?? row.warehouseId);
    return row && source ? [toTrackedOrder(row, source, view, { returnable: left.returnable.has(row.id), partlyRefunded: left.partlyRefunded.has(row.id) })] : [];
  });
}

/** One order as tracking shows it (see getTrackedOrders), or nothing when there is no such order. */
export async function getTrackedOrder(options: { db: Db; orderId: string; view: TrackingView }): Promise<TrackedOrder | undefined> {
  const [tracked] = await getTrackedOrders({ db: options.db, orderIds: [options.orderId], view: options.view });
  return tracked;
}

function toTrackedOrder(row: TrackedOrderRow, source: OrderSource, view: TrackingView, refunds: { returnable: boolean; partlyRefunded: boolean }): TrackedOrder {
  const events = (typeof row.events === 'string' ? (JSON.parse(row.events) as Exclude<TrackedOrderRow['events'], string>) : row.events).map(
    (event): OrderEvent => ({
      id: String(event.id),
      status: event.status,
      at: iso(event.at),
      actor: event.actor,
      note: view === 'public' ? '' : event.note,
    }),
  );
  const position =
    row.status === 'out_for_delivery' && row.positionAt !== null && row.positionLatitude !== null && row.positionLongitude !== null
      ? { latitude: Number(row.positionLatitude), longitude: Number(row.positionLongitude), at: iso(row.positionAt), ageSeconds: Number(row.positionAgeSeconds ?? 0) }
      : null;
  const destination =
    view === 'public' || row.latitude === null || row.longitude === null
      ? { latitude: null, longitude: null }
      : { latitude: Number(row.latitude), longitude: Number(row.longitude) };
  return {
    snapshot: {
      order: {
        id: row.id,
        orderNumber: row.orderNumber,
        type: row.type,
        status: row.status,
        estimatedAt: iso(row.estimatedAt),
        source,
        destination,
        events,
        ...refunds,
      },
      position,
    },
    facts: {
      type: row.type,
      status: row.status,
      customerProfileId: row.customerProfileId,
      warehouseId: row.warehouseId,
      kitchenId: row.kitchenId,
      driverProfileId: row.driverProfileId,
    },
  };
}
