import { sql } from 'drizzle-orm';
import type { PaymentMethod, SubstitutionPreference } from '@/shared/contracts/orders';
import type { CartItemType } from '@/shared/contracts/cart';
import type { OrderStatus, OrderType } from '@/shared/order-status';
import { preparedQuery, type Db } from '../../db/client';
import { orderRefusals } from '@/shared/copy';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { eventActor, eventMessageSql, ORDER_EVENTS_CHANNEL } from './order-events';
import { newOrderNumber } from './order-number';

/** An order as placing writes it: the address and prices are copies, money in cents. */
export interface NewOrder {
  /** Chosen by the caller, so the order's other writes can go out with it (ADR 063). */
  id: string;
  customerProfileId: string;
  type: OrderType;
  warehouseId: string;
  cloudKitchenId: string | null;
  addressId: string;
  addressLabel: string;
  streetAddress: string;
  addressUnit: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryInstructions: string;
  latitude: number | null;
  longitude: number | null;
  distanceMiles: number | null;
  windowStart: Date | null;
  windowEnd: Date | null;
  estimatedDeliveryAt: Date;
  /** Null for an order that holds no place in a delivery hour (a meal plan's weekly delivery). */
  bookedSlotStart: Date | null;
  subtotal: number;
  discountSavings: number;
  bundleSavings: number;
  dealSavings: number;
  serviceFee: number;
  deliveryFee: number;
  taxAmount: number;
  tip: number;
  totalAmount: number;
  paymentMethod: PaymentMethod;
  driverNotes: string;
  deliveryCode: string;
  idempotencyKey: string;
  requestDigest: string;
}

/** A line's snapshot. */
export interface NewOrderItem {
  itemType: CartItemType;
  productId: string | null;
  bundleId: string | null;
  bogoOfferId: string | null;
  cloudKitchenProductId: string | null;
  name: string;
  detail: string;
  image: string | null;
  quantity: number;
  unitPrice: number;
  originalPrice: number;
  substitution: SubstitutionPreference | null;
}

const timestamp = (value: Date | null) => (value ? value.toISOString() : null);

// The order, its lines and its first event (announced as recordOrderEvent does) in one statement. A
// clash on the order number, or on the customer's idempotency key, writes none of them and answers no
// row, without aborting the transaction.
const insertOrderRow = preparedQuery<
  { orderNumber: string; order: NewOrder; items: string; actorKind: string; actorProfileId: string | null; placedAt: string | null },
  { id: string }
>(
  'insert_order',
  ({ orderNumber, order: o, items, actorKind, actorProfileId, placedAt }) => sql`with placed as (
      insert into orders (id, order_number, customer_profile_id, type, warehouse_id, cloud_kitchen_id,
        address_id, address_label, street_address, address_unit, city, state, zip_code, delivery_instructions, latitude, longitude, distance_miles,
        window_start, window_end, estimated_delivery_at, booked_slot_start,
        subtotal, discount_savings, bundle_savings, deal_savings, service_fee, delivery_fee, tax_amount, tip, total_amount,
        payment_method, driver_notes, delivery_code, idempotency_key, request_digest, placed_at)
      values (${o.id}, ${orderNumber}, ${o.customerProfileId}, ${o.type}, ${o.warehouseId}, ${o.cloudKitchenId},
        ${o.addressId}, ${o.addressLabel}, ${o.streetAddress}, ${o.addressUnit}, ${o.city}, ${o.state}, ${o.zipCode}, ${o.deliveryInstructions},
        ${o.latitude}::double precision, ${o.longitude}::double precision, ${o.distanceMiles}::double precision,
        ${timestamp(o.windowStart)}::timestamptz, ${timestamp(o.windowEnd)}::timestamptz,
        ${timestamp(o.estimatedDeliveryAt)}::timestamptz, ${timestamp(o.bookedSlotStart)}::timestamptz,
        ${o.subtotal}, ${o.discountSavings}, ${o.bundleSavings}, ${o.dealSavings}, ${o.serviceFee}, ${o.deliveryFee}, ${o.taxAmount}, ${o.tip}, ${o.totalAmount},
        ${o.paymentMethod}, ${o.driverNotes}, ${o.deliveryCode}, ${o.idempotencyKey}, ${o.requestDigest},
        coalesce(${placedAt}::timestamptz, clock_timestamp()))
      on conflict do nothing
      returning id
    ), lines as (
      insert into order_items (order_id, position, item_type, product_id, bundle_id, bogo_offer_id, cloud_kitchen_product_id,
        name, detail, image, quantity, unit_price, original_price, substitution)
      select placed.id, i.position, i.item_type::order_item_type, i.product_id, i.bundle_id, i.bogo_offer_id, i.cloud_kitchen_product_id,
        i.name, i.detail, i.image, i.quantity, i.unit_price, i.original_price, i.substitution::substitution_preference
      from placed, jsonb_to_recordset(${items}::jsonb) as i(position int, item_type text, product_id uuid, bundle_id uuid, bogo_offer_id uuid,
        cloud_kitchen_product_id uuid, name text, detail text, image text, quantity int, unit_price int, original_price int, substitution text)
    ), event as (
      insert into order_events (order_id, status, actor_kind, actor_profile_id, note, created_at)
      select placed.id, 'placed', ${actorKind}::actor_kind, ${actorProfileId}::uuid, '', coalesce(${placedAt}::timestamptz, clock_timestamp()) from placed
      returning id, order_id, status, actor_kind, note, created_at
    )
    select event.order_id as id, pg_notify(${ORDER_EVENTS_CHANNEL}, ${eventMessageSql('event')}) from event`,
);

/** Numbers tried before giving up: with 32⁴ numbers a day, a second clash in a row is already rare. */
const ORDER_NUMBER_ATTEMPTS = 8;

/**
 * Writes an order, its lines and its first event ('placed', by `placedBy`) inside the caller's
 * transaction, numbered with the date in `timeZone` (its source's); answers its id and number, or null
 * when the customer's idempotency key has placed an order already (nothing is written). `placedAt`
 * dates an order placed earlier (a seeded history); otherwise it is placed now.
 */
export async function insertOrder(
  tx: Db,
  order: NewOrder,
  lines: readonly NewOrderItem[],
  placedBy: Viewer | 'system',
  timeZone: string,
  placedAt?: Date,
): Promise<{ id: string; orderNumber: string } | null> {
  const actor = eventActor(placedBy);
  const items = JSON.stringify(
    lines.map((item, position) => ({
      position,
      item_type: item.itemType,
      product_id: item.productId,
      bundle_id: item.bundleId,
      bogo_offer_id: item.bogoOfferId,
      cloud_kitchen_product_id: item.cloudKitchenProductId,
      name: item.name,
      detail: item.detail,
      image: item.image,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      original_price: item.originalPrice,
      substitution: item.substitution,
    })),
  );
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const orderNumber = newOrderNumber(timeZone, placedAt);
    const [row] = await insertOrderRow(tx, { orderNumber, order, items, ...actor, placedAt: placedAt?.toISOString() ?? null });
    if (row) return { id: row.id, orderNumber };
    // No row: the number was drawn before, or the key is taken; only the second is worth a read.
    if (await findOrderByKey(tx, { customerProfileId: order.customerProfileId, idempotencyKey: order.idempotencyKey })) return null;
  }
  throw new AppError({ kind: 'UNAVAILABLE', message: orderRefusals.numberingFailed });
}

/** An order as a repeated placement answers it. */
export interface KeyedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  totalAmount: number;
  estimatedAt: Date | string;
  paymentMethod: PaymentMethod;
  requestDigest: string;
}

const orderByKey = preparedQuery<{ customerProfileId: string; idempotencyKey: string }, KeyedOrder>(
  'order_by_idempotency_key',
  ({ customerProfileId, idempotencyKey }) => sql`select id, order_number as "orderNumber", status, total_amount as "totalAmount",
      estimated_delivery_at as "estimatedAt", payment_method as "paymentMethod", request_digest as "requestDigest"
    from orders where customer_profile_id = ${customerProfileId} and idempotency_key = ${idempotencyKey}`,
);

/** The customer's order placed with this key, if any. */
export async function findOrderByKey(db: Db, options: { customerProfileId: string; idempotencyKey: string }): Promise<KeyedOrder | null> {
  const [row] = await orderByKey(db, options);
  return row ?? null;
}
