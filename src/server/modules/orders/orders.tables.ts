import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cartItemTypes } from '@/shared/contracts/cart';
import { actorKinds, lineFulfilments, paymentMethods, substitutionPreferences } from '@/shared/contracts/orders';
import { orderStatuses, orderTypes } from '@/shared/order-status';
import { profiles } from '../auth/auth.tables';
import { bogoOffers, productBundles, products } from '../catalog/catalog.tables';
import { cloudKitchenProducts, cloudKitchens } from '../kitchens/kitchens.tables';
import { addresses, warehouses } from '../locations/locations.tables';

export const orderStatusEnum = pgEnum('order_status', orderStatuses);
export const orderTypeEnum = pgEnum('order_type', orderTypes);
export const orderItemTypeEnum = pgEnum('order_item_type', cartItemTypes);
export const substitutionEnum = pgEnum('substitution_preference', substitutionPreferences);
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);
export const actorKindEnum = pgEnum('actor_kind', actorKinds);
export const lineFulfilmentEnum = pgEnum('line_fulfilment', lineFulfilments);

/**
 * An order: what was bought, from where, for whom, at which prices (cents), and where it stands. The
 * address and prices are copies taken when it was placed, so later edits to either change nothing here.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    customerProfileId: uuid('customer_profile_id')
      .notNull()
      .references(() => profiles.id),
    type: orderTypeEnum('type').notNull(),
    status: orderStatusEnum('status').notNull().default('placed'),
    /** The fulfilling warehouse; kitchen orders are booked against the kitchen-default warehouse. */
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    cloudKitchenId: uuid('cloud_kitchen_id').references(() => cloudKitchens.id),
    driverProfileId: uuid('driver_profile_id').references(() => profiles.id),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    addressLabel: text('address_label').notNull().default(''),
    streetAddress: text('street_address').notNull(),
    addressUnit: text('address_unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceMiles: doublePrecision('distance_miles'),
    /** Null for as soon as possible. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    estimatedDeliveryAt: timestamp('estimated_delivery_at', { withTimezone: true }).notNull(),
    /** The hour of the warehouse's (or, for dishes, the kitchen's) capacity this order holds (slot_bookings). */
    bookedSlotStart: timestamp('booked_slot_start', { withTimezone: true }),
    subtotal: integer('subtotal').notNull(),
    discountSavings: integer('discount_savings').notNull().default(0),
    bundleSavings: integer('bundle_savings').notNull().default(0),
    dealSavings: integer('deal_savings').notNull().default(0),
    serviceFee: integer('service_fee').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    tip: integer('tip').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    driverNotes: text('driver_notes').notNull().default(''),
    /** Four digits the customer tells the driver; the driver enters them to mark the order delivered. */
    deliveryCode: text('delivery_code').notNull(),
    proofOfDeliveryNote: text('proof_of_delivery_note').notNull().default(''),
    /** The client's key for this placement; a repeat with the same key answers this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of what the placement asked for, to tell a retry from a different order under a reused key. */
    requestDigest: text('request_digest').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_idempotency').on(table.customerProfileId, table.idempotencyKey),
    index('orders_customer_placed_idx').on(table.customerProfileId, table.placedAt.desc(), table.id.desc()),
    index('orders_warehouse_status_idx').on(table.warehouseId, table.status),
    index('orders_kitchen_status_idx').on(table.cloudKitchenId, table.status),
    index('orders_driver_status_idx').on(table.driverProfileId, table.status),
    check('orders_kitchen_matches_type', sql`(${table.type} = 'cloud_kitchen') = (${table.cloudKitchenId} is not null)`),
    check('orders_window_pair', sql`(${table.windowStart} is null) = (${table.windowEnd} is null)`),
    check(
      'orders_amounts_non_negative',
      sql`${table.subtotal} >= 0 and ${table.serviceFee} >= 0 and ${table.deliveryFee} >= 0 and ${table.taxAmount} >= 0 and ${table.tip} >= 0 and ${table.totalAmount} >= 0`,
    ),
    check('orders_total_adds_up', sql`${table.totalAmount} = ${table.subtotal} + ${table.serviceFee} + ${table.deliveryFee} + ${table.taxAmount} + ${table.tip}`),
    check('orders_delivery_code_digits', sql`${table.deliveryCode} ~ '^[0-9]{4}$'`),
    // Out for delivery and after, someone is driving it (or drove it).
    check(
      'orders_driver_when_out',
      sql`${table.status} not in ('out_for_delivery', 'delivered', 'refund_requested', 'refunded', 'refund_rejected') or ${table.driverProfileId} is not null`,
    ),
  ],
);

/** A line of an order: a copy of what the cart line was when the order was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemType: orderItemTypeEnum('item_type').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    bundleId: uuid('bundle_id').references(() => productBundles.id, { onDelete: 'set null' }),
    bogoOfferId: uuid('bogo_offer_id').references(() => bogoOffers.id, { onDelete: 'set null' }),
    cloudKitchenProductId: uuid('cloud_kitchen_product_id').references(() => cloudKitchenProducts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    /** Groceries only. */
    substitution: substitutionEnum('substitution'),
    /** What picking found: as ordered, or `unavailableQuantity` units replaced by the substitute or refunded. */
    fulfilment: lineFulfilmentEnum('fulfilment').notNull().default('as_ordered'),
    unavailableQuantity: integer('unavailable_quantity').notNull().default(0),
    substituteProductId: uuid('substitute_product_id').references(() => products.id, { onDelete: 'set null' }),
    substituteName: text('substitute_name'),
    /** The substitute's price per unit, never above `unit_price`. */
    substituteUnitPrice: integer('substitute_unit_price'),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.position),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_prices_non_negative', sql`${table.unitPrice} >= 0 and ${table.originalPrice} >= 0`),
    check('order_items_unavailable_within_quantity', sql`${table.unavailableQuantity} between 0 and ${table.quantity}`),
    check(
      'order_items_substitute_not_dearer',
      sql`${table.substituteUnitPrice} is null or (${table.substituteUnitPrice} >= 0 and ${table.substituteUnitPrice} <= ${table.unitPrice})`,
    ),
  ],
);

/**
 * Every status an order took, when and by whom. The id is the tracking stream's event id: it grows
 * across all orders, so a client that reconnects names the last one it saw.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    actorKind: actorKindEnum('actor_kind').notNull(),
    actorProfileId: uuid('actor_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * Orders booked into an hour of delivery per warehouse or kitchen (`resource_id` is either's id). The
 * count only rises through a conditional upsert, so the last place of a window is sold once.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    resourceId: uuid('resource_id').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.resourceId, table.slotStart] }), check('slot_bookings_booked_non_negative', sql`${table.booked} >= 0`)],
);

/** The last position of the driver of an order out for delivery; removed once it is delivered. */
export const driverPositions = pgTable('driver_positions', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  driverProfileId: uuid('driver_profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
});

/**
 * Tracking lookups (order number and email) per client address in the current minute. Kept in the
 * database, as the sign-in limits are, so every server instance counts the same attempts.
 */
export const trackingLookupAttempts = pgTable('tracking_lookup_attempts', {
  clientKey: text('client_key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});

/**
 * Delivery codes tried for an order in the current window, so the 4-digit code cannot be guessed by
 * trying them all at the door.
 */
export const deliveryCodeAttempts = pgTable('delivery_code_attempts', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});
