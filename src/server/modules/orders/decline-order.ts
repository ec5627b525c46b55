import { canViewOrder, ownsKitchen } from '@/shared/access';
import type { DeclineOrderInput, Order } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { cancelOrder } from './cancel-order';
import { notFound, orderFacts, statusNotAllowed } from './order-records';

/**
 * A kitchen turns down a new order it cannot cook (out of an ingredient, too busy, closing). It is a
 * cancellation by the kitchen, so it gives back what the order held and cancels or refunds its payment
 * exactly as any cancellation does; the event's note is the reason the customer reads. Only the owner
 * of the order's kitchen, and only until they accept it.
 */
export async function declineOrder(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  input: DeclineOrderInput;
}): Promise<Order> {
  const { db, viewer } = options;
  const facts = await orderFacts(db, { orderId: options.orderId });
  if (!facts || !canViewOrder({ viewer, order: facts })) throw notFound();
  if (facts.type !== 'cloud_kitchen' || !ownsKitchen(viewer, facts.kitchenId)) throw statusNotAllowed();
  // Accepted meanwhile: cancelOrder checks the status again under the order's lock.
  if (facts.status !== 'placed') throw new AppError({ kind: 'CONFLICT', code: 'NOT_DECLINABLE', message: orderRefusals.notDeclinable });
  return cancelOrder(options);
}
