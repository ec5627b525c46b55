import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orderRefusals } from '@/shared/copy';
import type { OrderEvent } from '@/shared/contracts/orders';
import { canAcceptDelivery, canTransition, canAssignDriver, type OrderFacts, type OrderStatus } from '@/shared/order-status';
import { canViewOrder } from '@/shared/access';
import { auditCopy } from '@/shared/staff-copy';
import { preparedQuery, queryRows, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { orderSources } from '../../read-models/order-context';
import { recordAudit } from '../audit/record-audit';
import { recordOrderEvent } from './order-events';
import { driverPositions, orderEvents, orderItems, orders } from './orders.tables';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderLineRecord = typeof orderItems.$inferSelect;

/** What the shared access and status rules judge an order by. */
export function factsOf(order: OrderRecord): OrderFacts {
  return {
    type: order.type,
    status: order.status,
    customerProfileId: order.customerProfileId,
    warehouseId: order.warehouseId,
    kitchenId: order.cloudKitchenId,
    driverProfileId: order.driverProfileId,
  };
}

export function notFound(): AppError {
  return new AppError({ kind: 'NOT_FOUND', message: orderRefusals.notFound });
}

export function statusNotAllowed(): AppError {
  return new AppError({ kind: 'CONFLICT', code: 'STATUS_NOT_ALLOWED', message: orderRefusals.statusNotAllowed });
}

async function selectOrder(db: Db, options: { orderId: string; lock?: boolean }): Promise<OrderRecord | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, options.orderId));
  const [order] = options.lock ? await query.for('update') : await query;
  return order;
}

/** The order as this viewer may see it; anyone who may not is told it does not exist (404, never 403). */
export async function findVisibleOrder(db: Db, options: { orderId: string; viewer: Viewer; lock?: boolean }): Promise<OrderRecord> {
  const order = await selectOrder(db, options);
  if (!order || !canViewOrder({ viewer: options.viewer, order: factsOf(order) })) throw notFound();
  return order;
}

/**
 * Locks an order for a change the system makes on its own (an abandoned or failed card payment),
 * where no viewer asks; nothing when there is no such order.
 */
export function lockOrderForSystem(tx: Db, orderId: string): Promise<OrderRecord | undefined> {
  return selectOrder(tx, { orderId, lock: true });
}

const factsColumns = sql.raw(`type, status, customer_profile_id as "customerProfileId", warehouse_id as "warehouseId",
  cloud_kitchen_id as "kitchenId", driver_profile_id as "driverProfileId"`);

// Only what the access rules judge by, for the frequent reads that need no more (a stream opening, a driver's position).
const selectOrderFacts = preparedQuery<{ orderId: string }, OrderFacts>(
  'select_order_facts',
  ({ orderId }) => sql`select ${factsColumns} from orders where id = ${orderId}`,
);
const selectOrderFactsForShare = preparedQuery<{ orderId: string }, OrderFacts>(
  'select_order_facts_for_share',
  ({ orderId }) => sql`select ${factsColumns} from orders where id = ${orderId} for share`,
);

/**
 * What the access rules need to know about an order, or nothing when there is no such order. With
 * `share`, the row is locked against changes (of its status, its driver) until the transaction ends.
 */
export async function orderFacts(db: Db, options: { orderId: string; share?: boolean }): Promise<OrderFacts | undefined> {
  const [row] = await (options.share ? selectOrderFactsForShare : selectOrderFacts)(db, { orderId: options.orderId });
  return row;
}

/**
 * Locks an order for the rest of the transaction, so changes to one order (its status, its refunds,
 * its returns) run one after another; 404 for a viewer who may not see it.
 */
export function lockOrder(tx: Db, options: { orderId: string; viewer: Viewer }): Promise<OrderRecord> {
  return findVisibleOrder(tx, { ...options, lock: true });
}

/** A customer's own order, locked: another customer's (or staff asking) gets 404. */
export async function lockOwnOrder(tx: Db, options: { orderId: string; viewer: Viewer }): Promise<OrderRecord> {
  const order = await lockOrder(tx, options);
  if (options.viewer.role !== 'customer' || order.customerProfileId !== options.viewer.profileId) throw notFound();
  return order;
}

export async function linesOf(db: Db, orderId: string): Promise<OrderLineRecord[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** An order's events, oldest first, with the profile of whoever made each (null for the system). */
export async function eventsOf(db: Db, orderId: string): Promise<(OrderEvent & { actorProfileId: string | null })[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  return rows.map((row) => ({ id: String(row.id), status: row.status, at: row.createdAt.toISOString(), actor: row.actorKind, actorProfileId: row.actorProfileId, note: row.note }));
}

/**
 * Moves a locked order to `to` if the shared status rules let this viewer do it now, and records the
 * event with the viewer and note (at `now`, when a seeded history moves it in the past). Refused as
 * 409 STATUS_NOT_ALLOWED: the caller found the order visible.
 */
export async function moveOrder(
  tx: Db,
  options: { order: OrderRecord; to: OrderStatus; viewer: Viewer | 'system'; note?: string; proofOfDeliveryNote?: string; now?: Date },
): Promise<OrderRecord> {
  const { order, to, viewer } = options;
  if (viewer !== 'system' && !canTransition({ viewer, order: factsOf(order), to })) throw statusNotAllowed();
  const [moved] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: options.now ?? sql`now()`,
      ...(options.proofOfDeliveryNote !== undefined ? { proofOfDeliveryNote: options.proofOfDeliveryNote } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw statusNotAllowed();
  await recordOrderEvent(tx, { orderId: order.id, status: to, actor: viewer, note: options.note ?? '', at: options.now });
  if (viewer !== 'system' && viewer.role !== 'customer') {
    await recordAudit(tx, viewer, {
      at: options.now,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      summary: auditCopy.orders.statusChanged(order.orderNumber, order.status, to, options.note ?? ''),
      before: { status: order.status },
      after: { status: to, note: options.note ?? '' },
    });
  }
  return moved;
}

/** Sets (or replaces) the driver of a locked order, if this viewer may assign one now. */
export async function setOrderDriver(tx: Db, options: { order: OrderRecord; driverProfileId: string; viewer: Viewer }): Promise<OrderRecord> {
  if (!canAssignDriver({ viewer: options.viewer, order: factsOf(options.order) })) throw statusNotAllowed();
  const [updated] = await tx
    .update(orders)
    .set({ driverProfileId: options.driverProfileId, updatedAt: sql`now()` })
    .where(eq(orders.id, options.order.id))
    .returning();
  await recordAudit(tx, options.viewer, {
    action: 'order.driver_assigned',
    entityType: 'order',
    entityId: options.order.id,
    summary: auditCopy.orders.driverAssigned(options.order.orderNumber),
    before: { driverProfileId: options.order.driverProfileId },
    after: { driverProfileId: options.driverProfileId },
  });
  return updated!;
}

/**
 * A driver takes a locked order on offer as its driver (at `now`, when a seeded history has it taken
 * in the past). The update is guarded by "nobody drives it yet" as well as by the lock, so of two
 * drivers racing for one order exactly one gets it; answers null for the other.
 */
export async function takeDelivery(tx: Db, options: { order: OrderRecord; viewer: Viewer; now?: Date }): Promise<OrderRecord | null> {
  const { order, viewer } = options;
  if (!canAcceptDelivery({ viewer, order: factsOf(order) })) return null;
  const [taken] = await tx
    .update(orders)
    .set({ driverProfileId: viewer.profileId, updatedAt: options.now ?? sql`now()` })
    .where(and(eq(orders.id, order.id), isNull(orders.driverProfileId), eq(orders.status, order.status)))
    .returning();
  if (!taken) return null;
  await recordAudit(tx, viewer, {
    at: options.now,
    action: 'order.delivery_accepted',
    entityType: 'order',
    entityId: order.id,
    summary: auditCopy.orders.deliveryAccepted(order.orderNumber),
    before: { driverProfileId: order.driverProfileId },
    after: { driverProfileId: viewer.profileId },
  });
  return taken;
}

/** Statuses in which an order assigned to a driver still needs them: taken, and not yet delivered or ended. */
const stillDriven: OrderStatus[] = ['confirmed', 'processing', 'ready', 'out_for_delivery'];

/** Whether a driver has an order they took and have not delivered yet. */
export async function hasActiveDelivery(db: Db, driverProfileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.driverProfileId, driverProfileId), inArray(orders.status, stillDriven)))
    .limit(1);
  return rows.length > 0;
}

/** A delivered order's driver stops sharing a position: it is not kept after delivery. */
export async function forgetDriverPosition(tx: Db, orderId: string): Promise<void> {
  await tx.delete(driverPositions).where(eq(driverPositions.orderId, orderId));
}

/**
 * Units of each product ordered from a warehouse since a time, counting product and BOGO lines of
 * orders that were not cancelled: what the warehouse actually sells, for the catalog's ranking.
 */
export async function unitsOrdered(db: Db, options: { warehouseId: string; since: Date }): Promise<{ productId: string; units: number }[]> {
  return queryRows<{ productId: string; units: number }>(
    db,
    sql`select oi.product_id as "productId", sum(oi.quantity)::int as units
      from order_items oi join orders o on o.id = oi.order_id
      where o.warehouse_id = ${options.warehouseId} and o.placed_at >= ${options.since.toISOString()}::timestamptz
        and o.status <> 'cancelled' and oi.product_id is not null and oi.item_type in ('product', 'bogo')
      group by oi.product_id`,
  );
}

/** Order numbers and line names of some orders, for lists that show other modules' records of them (returns). */
export interface OrderLabel {
  orderNumber: string;
  lineNames: Map<string, string>;
  /** The time zone of the order's warehouse or kitchen, in which its times are shown. */
  timeZone: string;
}

export async function orderLabels(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLabel>> {
  const labels = new Map<string, OrderLabel>();
  if (orderIds.length === 0) return labels;
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      warehouseId: orders.warehouseId,
      cloudKitchenId: orders.cloudKitchenId,
      lineId: orderItems.id,
      name: orderItems.name,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(inArray(orders.id, [...orderIds]));
  const sources = await orderSources(db, {
    warehouseIds: [...new Set(rows.filter((row) => !row.cloudKitchenId).map((row) => row.warehouseId))],
    kitchenIds: [...new Set(rows.flatMap((row) => (row.cloudKitchenId ? [row.cloudKitchenId] : [])))],
  });
  for (const row of rows) {
    const timeZone = sources.get(row.cloudKitchenId ?? row.warehouseId)?.timeZone ?? 'UTC';
    const label = labels.get(row.orderId) ?? { orderNumber: row.orderNumber, lineNames: new Map<string, string>(), timeZone };
    if (row.lineId && row.name !== null) label.lineNames.set(row.lineId, row.name);
    labels.set(row.orderId, label);
  }
  return labels;
}
