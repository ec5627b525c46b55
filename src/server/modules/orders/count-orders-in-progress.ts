import { and, count, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/order-status';
import type { Db } from '../../db/client';
import { orders } from './orders.tables';

/** Orders the customer still follows: on their way, or a return waiting for support's answer. */
const inProgress: OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery', 'refund_requested'];

/** How many of a customer's orders are still in progress (on the caller's connection or transaction). */
export async function countOrdersInProgress(db: Db, customerProfileId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.customerProfileId, customerProfileId), inArray(orders.status, inProgress)));
  return row?.total ?? 0;
}
