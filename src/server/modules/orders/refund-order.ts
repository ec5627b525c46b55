import type { Order } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { lockPayment, recordRefund, refundable, settleCardRefund } from '../payments/payment-records';
import { openAmount, returnRequestsOf } from '../returns/return-records';
import { lockOrder } from './order-records';
import { presentOrder } from './present-order';

/**
 * A goodwill refund by support or an admin, with a reason, written to the refund ledger. It may not
 * exceed what was paid less what was refunded and what open return requests ask back, so a pending
 * request can still be approved in full; above that it is refused and nothing is written.
 */
export async function refundOrder(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  amount: number;
  reason: string;
}): Promise<Order> {
  const { db, viewer } = options;
  if (viewer.role !== 'support' && viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const { order, refund } = await db.transaction(async (tx) => {
    // The order's lock serialises this with return requests and decisions; the payment's with other refunds.
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    const payment = await lockPayment(tx, locked.id);
    const room = refundable(payment) - openAmount(await returnRequestsOf(tx, [locked.id]));
    if (options.amount > room) {
      throw new AppError({ kind: 'CONFLICT', code: 'REFUND_TOO_LARGE', message: orderRefusals.refundTooLarge, fields: { amount: orderRefusals.refundTooLarge } });
    }
    const refund = await recordRefund(tx, { orderId: locked.id, amount: options.amount, kind: 'goodwill', reason: options.reason, actor: viewer });
    return { order: locked, refund };
  });
  try {
    await settleCardRefund(db, options.payments, refund);
  } catch (error) {
    options.logger.warn({ ...errorEntry(error), orderId: order.id }, 'payment provider refused a goodwill refund');
  }
  return presentOrder(db, { order, viewer });
}
