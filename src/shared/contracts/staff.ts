import { z } from 'zod';
import { orderStatuses, orderTypes } from '../order-status';
import { roles } from '../roles';
import { cents, id, searchByEmail } from './common';
import { isTimeZone, latitude, longitude } from './locations';
import { paymentMethods } from './orders';

const isoTime = z.iso.datetime({ offset: true, error: 'Must be a date and time' });
const isoDate = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

/** Which of the orders a staff member may see they are asking for. */
export const staffOrderViews = [
  /** Placed to out for delivery: the work still to do. */
  'active',
  /** For a driver: orders ready to be taken out at their warehouses that no driver has yet. */
  'offered',
  /** Everything the viewer may see, whatever the status. */
  'all',
] as const;
export type StaffOrderView = (typeof staffOrderViews)[number];

/** GET /api/staff/orders: filtered, searched and paged on the server. */
export const staffOrderQuery = z.object({
  view: z.enum(staffOrderViews, { error: 'Unknown view' }).default('active'),
  status: z.enum(orderStatuses, { error: 'Unknown status' }).optional(),
  type: z.enum(orderTypes, { error: 'Unknown order type' }).optional(),
  warehouseId: id.optional(),
  kitchenId: id.optional(),
  /** One customer's orders: their history, for support. */
  customerProfileId: id.optional(),
  /** Placed on or after this day, and on or before `to` (UTC days). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** An order number or a part of it, or the customer's email or name. */
  q: searchByEmail().optional(),
  /** For a driver's offers: where they are, so the nearest pickup comes first (both or neither). */
  latitude: z.coerce.number({ error: 'Latitude must be a number' }).pipe(latitude).optional(),
  longitude: z.coerce.number({ error: 'Longitude must be a number' }).pipe(longitude).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25),
}).refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
  message: 'Give both latitude and longitude, or neither',
  path: ['longitude'],
});
export type StaffOrderQuery = z.input<typeof staffOrderQuery>;

/** An order as a queue shows it: enough to act on without opening it. */
export const staffOrderRow = z.object({
  id,
  orderNumber: z.string(),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  placedAt: isoTime,
  totalAmount: cents,
  tip: cents,
  paymentMethod: z.enum(paymentMethods),
  /**
   * What the driver collects at the door: a pay-on-delivery order's amount still due (lowered when a
   * line was found unavailable), decided by the server; 0 when nothing is (a card order, or cash taken).
   */
  cashToCollect: cents,
  itemCount: z.number().int(),
  /** What to prepare, in the order's own order: a kitchen cooks from these. */
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  customer: z.object({ profileId: id, name: z.string(), email: z.string() }),
  warehouse: z.object({ id, name: z.string() }),
  kitchen: z.object({ id, name: z.string() }).nullable(),
  driver: z.object({ profileId: id, name: z.string() }).nullable(),
  /** Where the driver collects it: the kitchen for dishes, the warehouse for groceries. */
  pickup: z.object({ name: z.string(), address: z.string() }),
  /** Miles from the position the query gave to the pickup; null without one (or a kitchen with no coordinates). */
  distanceMiles: z.number().nullable(),
  /** Where it goes, one line. */
  dropOff: z.string(),
  /** The saved address's standing instructions ("ring twice"), copied when the order was placed. */
  deliveryInstructions: z.string(),
  driverNotes: z.string(),
  delivery: z.object({ windowStart: isoTime.nullable(), windowEnd: isoTime.nullable(), estimatedAt: isoTime }),
  /** The IANA zone of its warehouse or kitchen: times show in the store's clock. */
  timeZone: z.string(),
  /** Units remain that a return may still ask back (ADR 047). */
  returnable: z.boolean(),
  /** Refunded, and its payment only in part (ADR 047): it reads "Partially refunded". */
  partlyRefunded: z.boolean(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRow>;

export const staffOrderPage = z.object({
  orders: z.array(staffOrderRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffOrderPage = z.infer<typeof staffOrderPage>;

/**
 * An event of GET /api/staff/orders/stream: an order this viewer follows took a status. `ready` is
 * sent once the stream listens; a client refetches its lists then (it may have missed events while
 * disconnected) and on every `order` event.
 */
export const staffFeedEvent = z.object({
  id: z.string(),
  orderId: id,
  orderNumber: z.string(),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  at: isoTime,
});
export type StaffFeedEvent = z.infer<typeof staffFeedEvent>;

/** What the audit log records a staff action as: `record.verb`. */
export const auditActions = [
  'order.status_changed', 'order.driver_assigned', 'order.delivery_accepted', 'order.line_substituted', 'order.line_refunded',
  'refund.recorded', 'return.approved', 'return.rejected', 'return.refund_refused',
  'product.created', 'product.updated', 'product.activated', 'product.deactivated', 'product.shelf_set', 'inventory.updated', 'catalog.products_imported',
  'category.created', 'category.updated', 'subcategory.created', 'subcategory.updated',
  'bundle.created', 'bundle.updated', 'bogo_offer.created', 'bogo_offer.updated', 'discount.created', 'discount.updated',
  'warehouse.created', 'warehouse.updated',
  'kitchen.opened', 'kitchen.closed', 'kitchen.profile_updated', 'kitchen_application.approved', 'kitchen_application.rejected',
  'dish.created', 'dish.updated', 'dish.deleted', 'meal_plan.created', 'meal_plan.updated', 'meal_plan.activated', 'meal_plan.paused', 'meal_plan.retired',
  'user.role_changed', 'user.deactivated', 'user.reactivated', 'driver.shift_started', 'driver.shift_ended',
  'ticket.resolved', 'conversation.taken', 'conversation.replied', 'conversation.closed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The kinds of records staff actions change, each entry's record and the log's filter. */
export const auditEntityTypes = [
  'order', 'return_request', 'product', 'warehouse_product', 'product_import', 'category', 'subcategory', 'bundle', 'bogo_offer', 'discount',
  'warehouse', 'cloud_kitchen', 'cloud_kitchen_product', 'kitchen_application', 'meal_plan', 'user', 'driver', 'support_ticket', 'chat_conversation',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** One row of the audit log: who did what to what, when, and the record before and after. */
export const auditEntry = z.object({
  id,
  at: isoTime,
  actor: z.object({ profileId: id.nullable(), email: z.string(), role: z.enum([...roles, 'system']) }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  q: searchByEmail().optional(),
  entityType: z.enum(auditEntityTypes, { error: 'Choose a record type from the list' }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100).default(50),
});

export const auditPage = z.object({ entries: z.array(auditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;

/** A driver's switch: on shift (offered deliveries) or not. */
export const driverAvailability = z.object({ available: z.boolean(), changedAt: isoTime.nullable() });
export type DriverAvailability = z.infer<typeof driverAvailability>;
export const driverAvailabilityInput = z.object({ available: z.boolean({ error: 'Available must be true or false' }) });

/** POST /api/uploads/images answers where the stored image is served from. */
export const uploadedImage = z.object({ url: z.string(), contentType: z.string(), bytes: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImage>;

/** GET /api/driver/completed-deliveries: the signed-in driver's delivered orders, a page at a time. */
export const completedDeliveriesQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(20),
  /**
   * The IANA zone whose days today and the last 7 days are counted in: the driver's device's. Without it,
   * the business's. Taken by its canonical name, which the database knows, rather than an alias ('US/Eastern').
   */
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Use a time zone such as America/Chicago')
    .transform((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone)
    .optional(),
});
export type CompletedDeliveriesQuery = z.input<typeof completedDeliveriesQuery>;

/**
 * One delivery the driver completed. Where it went is only the city: a driver has no need of a past
 * customer's address or name once the order is at their door.
 */
export const completedDelivery = z.object({
  id,
  orderNumber: z.string(),
  type: z.enum(orderTypes),
  /** The store or kitchen it was collected from. */
  pickupName: z.string(),
  /** 'Austin, TX' */
  area: z.string(),
  deliveredAt: isoTime,
  /** The IANA zone of its store or kitchen: the delivery time shows in the store's clock. */
  timeZone: z.string(),
  /** The customer's tip, the driver's to keep. */
  tip: cents,
});
export type CompletedDelivery = z.infer<typeof completedDelivery>;

/** How many deliveries were completed in a span of days, and the tips they brought. */
export const deliveryEarnings = z.object({ deliveries: z.number().int(), tips: cents });
export type DeliveryEarnings = z.infer<typeof deliveryEarnings>;

export const completedDeliveriesPage = z.object({
  /** Today and the last 7 days (today included), counted midnight to midnight in `timeZone`: the one asked for, else the business's. */
  summary: z.object({ today: deliveryEarnings, lastSevenDays: deliveryEarnings, timeZone: z.string() }),
  /** Newest first. */
  deliveries: z.array(completedDelivery),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CompletedDeliveriesPage = z.infer<typeof completedDeliveriesPage>;
