import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderList } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { OrderStatus } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { itemCountOf, orderSources } from '../../read-models/order-context';
import { orders } from './orders.tables';
import { returnsLeft } from './returnable-orders';

/** Orders still on their way to the customer. */
const activeStatuses: OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery'];

/** The cursor names the last order of the page; the next page starts after it, in the same order. */
function encodeCursor(orderId: string): string {
  return Buffer.from(orderId).toString('base64url');
}

function decodeCursor(value: string): string {
  const id = Buffer.from(value, 'base64url').toString();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AppError({ kind: 'VALIDATION_FAILED', message: orderRefusals.badCursor, fields: { cursor: orderRefusals.badCursor } });
  }
  return id;
}

/** The customer's own orders, newest first, a page at a time (SPEC §3: status, total, placed time, item count). */
export async function listOrders(options: { db: Db; viewer: Viewer; cursor?: string; limit: number; active?: boolean }): Promise<OrderList> {
  const { db, viewer, limit } = options;
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.customersOnly });
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      type: orders.type,
      status: orders.status,
      totalAmount: orders.totalAmount,
      placedAt: orders.placedAt,
      warehouseId: orders.warehouseId,
      cloudKitchenId: orders.cloudKitchenId,
      itemCount: itemCountOf(sql`orders.id`),
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerProfileId, viewer.profileId),
        options.active ? inArray(orders.status, activeStatuses) : undefined,
        // Compared in the database, at its own precision: the page goes on after the cursor's order.
        cursor ? sql`(orders.placed_at, orders.id) < (select c.placed_at, c.id from orders c where c.id = ${cursor})` : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const [sources, left] = await Promise.all([
    orderSources(db, {
      warehouseIds: [...new Set(page.filter((row) => !row.cloudKitchenId).map((row) => row.warehouseId))],
      kitchenIds: [...new Set(page.flatMap((row) => (row.cloudKitchenId ? [row.cloudKitchenId] : [])))],
    }),
    returnsLeft(db, page),
  ]);
  const last = page.at(-1);
  return {
    orders: page.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      type: row.type,
      status: row.status,
      totalAmount: row.totalAmount,
      placedAt: row.placedAt.toISOString(),
      itemCount: row.itemCount,
      sourceName: sources.get(row.cloudKitchenId ?? row.warehouseId)?.name ?? '',
      timeZone: sources.get(row.cloudKitchenId ?? row.warehouseId)?.timeZone ?? 'UTC',
      returnable: left.returnable.has(row.id),
      returnableAfterReview: left.afterReview.has(row.id),
      partlyRefunded: left.partlyRefunded.has(row.id),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}
