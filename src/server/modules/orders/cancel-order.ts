import type { Order } from '@/shared/contracts/orders';
import { orderNotes } from '@/shared/copy';
import { canTransition } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { errorEntry, type Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { lockPayment, recordRefund, refundable, setPaymentStatus, settleCardRefund, type RefundRecord } from '../payments/payment-records';
import { factsOf, lockOrder, moveOrder, statusNotAllowed } from './order-records';
import { presentOrder } from './present-order';
import { releaseOrderHolds } from './release-order-holds';

/**
 * Cancels an order (its customer while placed, confirmed or processing; support too), in one
 * transaction: its stock and delivery hour go back, the status and event are written, and the payment
 * is settled: cash is no longer due, a pending card payment is cancelled, a paid one refunded in full.
 * The provider is called after the commit, so a slow or failing provider never holds the order's lock.
 */
export async function cancelOrder(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  reason: string;
}): Promise<Order> {
  const { db, viewer } = options;
  const { order, refund, intentToCancel } = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    if (!canTransition({ viewer, order: factsOf(locked), to: 'cancelled' })) throw statusNotAllowed();
    await releaseOrderHolds(tx, locked.id);
    const moved = await moveOrder(tx, { order: locked, to: 'cancelled', viewer, note: options.reason });
    const payment = await lockPayment(tx, locked.id);
    let refund: RefundRecord | null = null;
    let intentToCancel: string | null = null;
    if (payment.method === 'card' && refundable(payment) > 0) {
      refund = await recordRefund(tx, {
        orderId: locked.id,
        amount: refundable(payment),
        kind: 'full',
        reason: options.reason || orderNotes.cancelledRefund,
        actor: viewer,
      });
    } else if (payment.status === 'due_on_delivery' || payment.status === 'pending' || payment.status === 'failed') {
      await setPaymentStatus(tx, { orderId: locked.id, status: 'cancelled' });
      if (payment.status === 'pending' && payment.providerRef) intentToCancel = payment.providerRef;
    }
    return { order: moved, refund, intentToCancel };
  });

  // The order is cancelled whatever the provider answers; a refund it refused stays in the ledger as failed.
  try {
    if (intentToCancel) await options.payments.cancelIntent({ paymentIntentId: intentToCancel });
    if (refund) await settleCardRefund(db, options.payments, refund);
  } catch (error) {
    options.logger.warn({ ...errorEntry(error), orderId: order.id }, 'payment provider refused to settle a cancelled order');
  }
  return presentOrder(db, { order, viewer });
}
