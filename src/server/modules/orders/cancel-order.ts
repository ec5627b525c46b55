import { ownsKitchen } from '@/shared/access';
import { declineOrderInput, type CancelOrderInput, type Order } from '@/shared/contracts/orders';
import { orderCopy, orderNotes } from '@/shared/copy';
import { canTransition, type OrderFacts } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { validationError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { lockPayment, recordRefund, refundable, setPaymentStatus, settleCardRefund, type RefundRecord } from '../payments/payment-records';
import { factsOf, lockOrder, moveOrder, statusNotAllowed } from './order-records';
import { presentOrder } from './present-order';
import { releaseOrderHolds } from './release-order-holds';

/**
 * What the cancellation's event says, which its customer reads. The order's kitchen gives one of the
 * reasons it may decline for, and may add a word, told in the customer's words (ADR 078); anyone else
 * their own words, if any.
 */
function cancellationNote(viewer: Viewer, order: OrderFacts, input: CancelOrderInput): string {
  if (order.type !== 'cloud_kitchen' || !ownsKitchen(viewer, order.kitchenId)) return input.reason ?? '';
  const parsed = declineOrderInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return orderCopy.declined.note(parsed.data.reason, parsed.data.details);
}

/**
 * Cancels an order (its customer while placed, confirmed or processing; support too; its kitchen while
 * placed, with a listed reason), in one transaction: its stock and delivery hour go back, the status and
 * event are written, and the payment is settled: cash is no longer due, a pending card payment is
 * cancelled, a paid one refunded in full. The provider is called after the commit, so a slow or failing
 * provider never holds the order's lock.
 */
export async function cancelOrder(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  input: CancelOrderInput;
}): Promise<Order> {
  const { db, viewer } = options;
  const { order, refund, intentToCancel } = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    const facts = factsOf(locked);
    if (!canTransition({ viewer, order: facts, to: 'cancelled' })) throw statusNotAllowed();
    const note = cancellationNote(viewer, facts, options.input);
    await releaseOrderHolds(tx, locked.id);
    const moved = await moveOrder(tx, { order: locked, to: 'cancelled', viewer, note });
    const payment = await lockPayment(tx, locked.id);
    let refund: RefundRecord | null = null;
    let intentToCancel: string | null = null;
    if (payment.method === 'card' && refundable(payment) > 0) {
      refund = await recordRefund(tx, {
        orderId: locked.id,
        amount: refundable(payment),
        kind: 'full',
        reason: note || orderNotes.cancelledRefund,
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
