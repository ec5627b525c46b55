import { nextStatuses } from '@/shared/order-status';
import type { Db } from '../../db/client';
import { lockOrderForSystem, moveOrder } from './order-records';
import { releaseOrderHolds } from './release-order-holds';

/**
 * Cancels, as the system, an order whose card payment cannot go on (the provider cancelled its
 * PaymentIntent, or none could be created), inside the caller's transaction: its stock and delivery
 * place go back. Only an order still `placed` is cancelled; one that staff have moved on, or that is
 * cancelled already, is left as it is. Answers whether it cancelled the order.
 */
export async function cancelUnpaidOrder(tx: Db, options: { orderId: string; note: string }): Promise<boolean> {
  const order = await lockOrderForSystem(tx, options.orderId);
  if (!order || order.status !== 'placed' || !nextStatuses(order).includes('cancelled')) return false;
  await releaseOrderHolds(tx, order.id);
  await moveOrder(tx, { order, to: 'cancelled', viewer: 'system', note: options.note });
  return true;
}
