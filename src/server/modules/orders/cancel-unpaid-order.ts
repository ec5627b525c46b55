import { sql } from 'drizzle-orm';
import { nextStatuses, type OrderStatus, type OrderType } from '@/shared/order-status';
import { preparedQuery, type Db } from '../../db/client';
import { recordOrderEvent } from './order-events';
import { releaseOrderHolds } from './release-order-holds';

const lockOrder = preparedQuery<{ orderId: string }, { status: OrderStatus; type: OrderType }>(
  'lock_order_for_unpaid_cancel',
  ({ orderId }) => sql`select status, type from orders where id = ${orderId} for update`,
);

const markCancelled = preparedQuery<{ orderId: string }, unknown>(
  'cancel_unpaid_order',
  ({ orderId }) => sql`update orders set status = 'cancelled', updated_at = now() where id = ${orderId}`,
);

/**
 * Cancels, as the system, an order whose card payment was abandoned (the provider cancelled its
 * PaymentIntent), inside the caller's transaction: its stock and delivery place go back. Only an
 * order still `placed` is cancelled; one that staff have moved on, or that is cancelled already, is
 * left as it is. Answers whether it cancelled the order.
 */
export async function cancelUnpaidOrder(tx: Db, options: { orderId: string; note: string }): Promise<boolean> {
  const [order] = await lockOrder(tx, { orderId: options.orderId });
  if (!order || order.status !== 'placed' || !nextStatuses(order).includes('cancelled')) return false;
  await releaseOrderHolds(tx, options.orderId);
  await markCancelled(tx, { orderId: options.orderId });
  await recordOrderEvent(tx, { orderId: options.orderId, status: 'cancelled', actor: 'system', note: options.note });
  return true;
}
