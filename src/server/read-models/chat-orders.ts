import { sql, type SQL } from 'drizzle-orm';
import type { Coordinates } from '@/shared/contracts/locations';
import type { PaymentMethod, PaymentStatus } from '@/shared/contracts/orders';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import { canTransition, type OrderStatus, type OrderType } from '@/shared/order-status';
import { queryRows, type Db } from '../db/client';
import type { Viewer } from '../lib/context';
import { haversineMiles } from '../lib/geo';
import type { ChatOrderFacts } from '../providers/ai';

/**
 * What the support chat may tell a customer about their own orders, and about the service: one place
 * that only reads across orders, payments, warehouses and kitchens, so the support-chat module never
 * touches their tables. Every order query is bound to the customer: another customer's order is
 * simply not there. Whether a return may still be asked of an order, and whether it was refunded only in
 * part (and so how its status reads), is the orders module's to say: the chat's tools add it.
 */

export type ChatOrderRecord = Omit<ChatOrderFacts, 'returnable' | 'partlyRefunded' | 'statusLabel'>;

interface OrderRow {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  type: OrderType;
  totalAmount: number;
  placedAt: string;
  itemCount: number;
  source: string;
  timeZone: string;
  estimatedDeliveryAt: string | null;
  deliveredAt: string | null;
  paymentMethod: PaymentMethod;
  paymentAmount: number | null;
  paymentStatus: PaymentStatus | null;
  refundedAmount: number;
  notes: string;
  deliveryAddress: string;
  customerProfileId: string;
  warehouseId: string;
  kitchenId: string | null;
  driverProfileId: string | null;
}

const paidStatuses: ReadonlySet<PaymentStatus> = new Set(['paid', 'partially_refunded', 'refunded']);
const onTheWay: ReadonlySet<OrderStatus> = new Set(['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery']);

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toFacts(row: OrderRow, viewer: Viewer): ChatOrderRecord {
  const paid = row.paymentStatus && paidStatuses.has(row.paymentStatus) ? (row.paymentAmount ?? 0) : 0;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    type: row.type,
    totalAmount: row.totalAmount,
    placedAt: iso(row.placedAt)!,
    itemCount: row.itemCount,
    source: row.source,
    estimatedDeliveryAt: onTheWay.has(row.status) ? iso(row.estimatedDeliveryAt) : null,
    deliveredAt: iso(row.deliveredAt),
    paymentMethod: row.paymentMethod,
    paidAmount: row.paymentMethod === 'card' ? paid : (row.paymentAmount ?? row.totalAmount),
    refundableAmount: Math.max(0, paid - row.refundedAmount),
    cancellable: canTransition({
      viewer,
      order: {
        type: row.type,
        status: row.status,
        customerProfileId: row.customerProfileId,
        warehouseId: row.warehouseId,
        kitchenId: row.kitchenId,
        driverProfileId: row.driverProfileId,
      },
      to: 'cancelled',
    }),
    notes: row.notes,
    deliveryAddress: row.deliveryAddress,
    timeZone: row.timeZone,
  };
}

const orderColumns = sql`o.id, o.order_number as "orderNumber", o.status, o.type, o.total_amount as "totalAmount",
  to_json(o.placed_at)#>>'{}' as "placedAt",
  (select count(*) from order_items i where i.order_id = o.id)::int as "itemCount",
  coalesce(k.business_name, w.name) as source,
  coalesce(k.time_zone, w.time_zone) as "timeZone",
  to_json(o.estimated_delivery_at)#>>'{}' as "estimatedDeliveryAt",
  (select to_json(max(e.created_at))#>>'{}' from order_events e where e.order_id = o.id and e.status = 'delivered') as "deliveredAt",
  o.payment_method as "paymentMethod", p.amount as "paymentAmount", p.status as "paymentStatus",
  coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and r.status <> 'failed'), 0)::int as "refundedAmount",
  o.driver_notes as notes,
  concat_ws(', ', o.street_address, nullif(o.address_unit, ''), o.city, o.state || ' ' || o.zip_code) as "deliveryAddress",
  o.customer_profile_id as "customerProfileId", o.warehouse_id as "warehouseId",
  o.cloud_kitchen_id as "kitchenId", o.driver_profile_id as "driverProfileId"`;

const orderSources = sql`from orders o
  join warehouses w on w.id = o.warehouse_id
  left join cloud_kitchens k on k.id = o.cloud_kitchen_id
  left join payments p on p.order_id = o.id`;

/** How many orders one read gives: the chat lists no more, and a longer search reads page after page. */
export const CHAT_ORDER_PAGE = 20;

/**
 * The customer's orders in one of `statuses` (placed since `since`, when given), newest first, a page
 * from `offset` on (SPEC §7).
 */
export async function chatOrdersNewestFirst(
  db: Db,
  options: { viewer: Viewer; statuses: readonly OrderStatus[]; since?: Date; offset?: number },
): Promise<ChatOrderRecord[]> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} ${orderSources}
      where o.customer_profile_id = ${options.viewer.profileId}
        ${options.since ? sql`and o.placed_at >= ${options.since.toISOString()}::timestamptz` : sql``}
        and o.status::text in (select value from jsonb_array_elements_text(${JSON.stringify(options.statuses)}::jsonb))
      order by o.placed_at desc, o.order_number desc
      limit ${CHAT_ORDER_PAGE} offset ${options.offset ?? 0}`,
  );
  return rows.map((row) => toFacts(row, options.viewer));
}

/** One of the customer's own orders by its number (any case), or null: another customer's is never found. */
export async function findChatOrder(db: Db, options: { viewer: Viewer; orderNumber: string }): Promise<ChatOrderRecord | null> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} ${orderSources}
      where o.customer_profile_id = ${options.viewer.profileId} and o.order_number = ${options.orderNumber.trim().toUpperCase()}`,
  );
  return row ? toFacts(row, options.viewer) : null;
}

/** One of the customer's own orders by its id, or null. */
export async function findChatOrderById(db: Db, options: { viewer: Viewer; orderId: string }): Promise<ChatOrderRecord | null> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns} ${orderSources} where o.customer_profile_id = ${options.viewer.profileId} and o.id = ${options.orderId}`,
  );
  return row ? toFacts(row, options.viewer) : null;
}

export interface ChatWarehouse {
  name: string;
  city: string;
  state: string;
  deliveryRadiusMiles: number;
  deliveryFee: number;
}

export interface ChatKitchen {
  name: string;
  city: string;
  openingHours: { day: number; opens: string; closes: string }[];
  timeZone: string;
  isOpen: boolean;
}

/** Where the customer wants things delivered: their default address, placed on the map or not. */
export interface ChatDeliveryPlace {
  point: Coordinates | null;
  state: string;
}

/** How many of each the chat names when it does not know where the customer is. */
export const CHAT_PLACES_WITHOUT_ADDRESS = 3;

/** The most of each the chat lists, for a place with many around it. */
const MAX_CHAT_PLACES = 20;

/**
 * The rows of `places` (a select with a `name`) that deliver to the customer's place, each with its
 * `rank`, nearest first: within `rangeMiles` of it or, for an address the map could not place, in its
 * state (as at checkout). Without a place, only a few, by name.
 */
function placesFor(places: SQL, place: ChatDeliveryPlace | null, rangeMiles: SQL): SQL {
  const ranked = (rank: SQL, where: SQL, most: number) =>
    sql`select p.*, row_number() over (order by ${rank}) as rank from (${places}) p where ${where} order by rank limit ${most}`;
  if (!place) return ranked(sql`p.name`, sql`true`, CHAT_PLACES_WITHOUT_ADDRESS);
  if (!place.point) return ranked(sql`p.name`, sql`upper(p.state) = ${place.state.trim().toUpperCase()}`, MAX_CHAT_PLACES);
  const distance = haversineMiles(sql`p.latitude`, sql`p.longitude`, place.point);
  return ranked(sql`${distance}, p.name`, sql`${distance} <= ${rangeMiles}`, MAX_CHAT_PLACES);
}

/**
 * The active warehouses (their reach and fee) and the approved, active kitchens (their hours) that
 * deliver to the customer's place, nearest first: a warehouse within its own radius, capped at the
 * service range as checkout caps it; a kitchen within the service range, as the kitchens page picks them.
 */
export async function chatServicePlaces(db: Db, place: ChatDeliveryPlace | null): Promise<{ warehouses: ChatWarehouse[]; kitchens: ChatKitchen[] }> {
  const warehouses = placesFor(sql`select * from warehouses where active`, place, sql`least(p.delivery_radius_miles, ${DELIVERY_RANGE_MILES})`);
  const kitchens = placesFor(sql`select *, business_name as name from cloud_kitchens where approved and active`, place, sql`${DELIVERY_RANGE_MILES}`);
  // One statement for both lists (a chat message's hot path); json keeps every value's type (numbers stay numbers).
  const [row] = await queryRows<{ warehouses: ChatWarehouse[]; kitchens: ChatKitchen[] }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_object('name', w.name, 'city', w.city, 'state', w.state,
          'deliveryRadiusMiles', w.delivery_radius_miles, 'deliveryFee', w.delivery_fee_cents) order by w.rank)
        from (${warehouses}) w), '[]'::json) as warehouses,
      coalesce((select json_agg(json_build_object('name', k.name, 'city', k.city, 'openingHours', k.opening_hours,
          'timeZone', k.time_zone, 'isOpen', k.is_open) order by k.rank)
        from (${kitchens}) k), '[]'::json) as kitchens`,
  );
  return { warehouses: row?.warehouses ?? [], kitchens: row?.kitchens ?? [] };
}
