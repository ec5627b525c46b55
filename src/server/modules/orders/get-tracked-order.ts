import { sql } from 'drizzle-orm';
import type { OrderEvent, TrackingSnapshot } from '@/shared/contracts/orders';
import type { OrderFacts, OrderStatus, OrderType } from '@/shared/order-status';
import { preparedQuery, type Db } from '../../db/client';
import { orderSources } from '../../read-models/order-context';

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
}

// One statement, so the status, the events and the position are of the same moment.
const selectTrackedOrder = preparedQuery<{ orderId: string }, TrackedOrderRow>(
  'select_tracked_order',
  ({ orderId }) => sql`select o.id, o.order_number as "orderNumber", o.type, o.status, o.estimated_delivery_at as "estimatedAt",
      o.latitude, o.longitude, o.customer_profile_id as "customerProfileId", o.warehouse_id as "warehouseId",
      o.cloud_kitchen_id as "kitchenId", o.driver_profile_id as "driverProfileId",
      coalesce((select json_agg(json_build_object('id', e.id::text, 'status', e.status, 'actor', e.actor_kind, 'note', e.note, 'at', e.created_at) order by e.id)
        from order_events e where e.order_id = o.id), '[]'::json) as events,
      p.latitude as "positionLatitude", p.longitude as "positionLongitude", p.updated_at as "positionAt"
    from orders o
    left join driver_positions p on p.order_id = o.id
    where o.id = ${orderId}`,
);

const selectOrderFacts = preparedQuery<{ orderId: string }, OrderFacts & { id: string }>(
  'select_tracked_order_facts',
  ({ orderId }) => sql`select id, type, status, customer_profile_id as "customerProfileId", warehouse_id as "warehouseId",
      cloud_kitchen_id as "kitchenId", driver_profile_id as "driverProfileId"
    from orders where id = ${orderId}`,
);

/** What the access rules need to know about an order, or nothing when there is no such order. */
export async function getOrderFacts(options: { db: Db; orderId: string }): Promise<(OrderFacts & { id: string }) | undefined> {
  const [row] = await selectOrderFacts(options.db, { orderId: options.orderId });
  return row;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * An order as tracking shows it: status, estimate, events, where it comes from and goes to, and the
 * driver's position while it is out for delivery (a row left behind after that is never shown). The
 * caller has checked who may see it.
 */
export async function getTrackedOrder(options: { db: Db; orderId: string; view: TrackingView }): Promise<{ snapshot: TrackingSnapshot; facts: OrderFacts } | undefined> {
  const { db, orderId, view } = options;
  const [row] = await selectTrackedOrder(db, { orderId });
  if (!row) return undefined;
  const sources = await orderSources(db, { warehouseIds: [row.warehouseId], kitchenIds: row.kitchenId ? [row.kitchenId] : [] });
  const source = sources.get(row.kitchenId ?? row.warehouseId);
  if (!source) return undefined;
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
      ? { latitude: Number(row.positionLatitude), longitude: Number(row.positionLongitude), at: iso(row.positionAt) }
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
