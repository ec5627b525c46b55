import { sql } from 'drizzle-orm';
import { cardPayment } from '@/shared/copy';
import { preparedQuery, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import { WebhookSignatureError, type PaymentProvider, type PaymentWebhookEvent } from '../../providers/payments';
import { cancelUnpaidOrder } from '../orders/cancel-unpaid-order';
import { lockOrderForSystem } from '../orders/order-records';
import {
  lockPaymentByProviderRef,
  paymentByProviderRef,
  recordProviderRefundUpdate,
  recordRefund,
  setPaymentStatus,
  settleCardRefund,
  type PaymentRecord,
  type RefundRecord,
} from './payment-records';

const rememberEvent = preparedQuery<{ id: string; type: string }, { id: string }>(
  'remember_payment_webhook_event',
  ({ id, type }) => sql`insert into payment_webhook_events (id, type) values (${id}, ${type}) on conflict (id) do nothing returning id`,
);

/** What became of a webhook: `replayed` when its event was handled before, so nothing changed. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'replayed' | 'ignored' | 'not_ours';

/** A payment's status that still waits for the card: the customer may try again after a failure. */
const awaitingCard = (payment: PaymentRecord) => payment.status === 'pending' || payment.status === 'failed';

interface Applied {
  outcome: WebhookOutcome;
  /** A refund to send to the provider once the transaction has committed. */
  refund?: RefundRecord;
}

async function applyEvent(tx: Db, event: PaymentWebhookEvent, logger: Logger): Promise<Applied> {
  if (event.type === 'ignored') return { outcome: 'ignored' };
  if (event.type === 'refund_updated') {
    const known = await recordProviderRefundUpdate(tx, { providerRef: event.refundId, ledgerRefundId: event.ledgerRefundId, status: event.status });
    return { outcome: known ? 'applied' : 'not_ours' };
  }

  const found = await paymentByProviderRef(tx, event.paymentIntentId);
  if (!found) return { outcome: 'not_ours' };
  const { orderId } = found;
  // The order first, then its payment, as a customer's cancel takes them: taken the other way round,
  // a cancel and this event arriving together would each wait for the other.
  await lockOrderForSystem(tx, orderId);
  const payment = (await lockPaymentByProviderRef(tx, event.paymentIntentId))!;

  switch (event.type) {
    case 'payment_succeeded': {
      if (event.amount !== payment.amount) {
        // Never mark an order paid for a sum other than its total; a person has to look at it.
        logger.warn({ orderId, paymentIntentId: event.paymentIntentId, expected: payment.amount, received: event.amount }, 'card payment amount does not match the order');
        return { outcome: 'unchanged' };
      }
      if (awaitingCard(payment)) {
        await setPaymentStatus(tx, { orderId, status: 'paid' });
        return { outcome: 'applied' };
      }
      if (payment.status === 'cancelled') {
        // The money was taken for an order that no longer exists: it goes back at once, in full.
        await setPaymentStatus(tx, { orderId, status: 'paid' });
        const refund = await recordRefund(tx, { orderId, amount: payment.amount, kind: 'full', reason: cardPayment.paidAfterCancelReason, actor: 'system' });
        logger.warn({ orderId, paymentIntentId: event.paymentIntentId }, 'card payment succeeded after its order was cancelled; refunding it');
        return { outcome: 'applied', refund };
      }
      return { outcome: 'unchanged' };
    }
    case 'payment_failed':
      // A failure never undoes a success that arrived first; after a failure the customer may retry.
      if (payment.status !== 'pending') return { outcome: 'unchanged' };
      await setPaymentStatus(tx, { orderId, status: 'failed' });
      return { outcome: 'applied' };
    case 'payment_canceled':
      if (!awaitingCard(payment)) return { outcome: 'unchanged' };
      await setPaymentStatus(tx, { orderId, status: 'cancelled' });
      if (!(await cancelUnpaidOrder(tx, { orderId, note: cardPayment.unpaidCancelNote }))) {
        // Cancelled already, or moved on by staff: the order stands, and its payment says it was never taken.
        logger.info({ orderId, paymentIntentId: event.paymentIntentId }, 'card payment cancelled for an order that is no longer placed');
      }
      return { outcome: 'applied' };
  }
}

/**
 * Handles a payment provider's webhook. The signature is checked over the body exactly as it came;
 * a bad one is refused and nothing is written. Then, in one transaction, the event's id is remembered
 * first: a replay finds it and changes nothing. Events may come in any order, so each one only moves
 * a payment forward: a failure or a cancellation after a success leaves it paid, and a success after
 * a cancellation (the order is gone) keeps the money as paid and refunds it in full at once.
 */
export async function handlePaymentWebhook(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ eventId: string; outcome: WebhookOutcome }> {
  const { db, payments, logger } = options;
  if (!payments.cardEnabled) throw new AppError({ kind: 'NOT_FOUND', message: 'Card payments are not configured.' });

  let event: PaymentWebhookEvent;
  try {
    event = payments.parseWebhook({ rawBody: options.rawBody, signature: options.signature });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError({ kind: 'MALFORMED_REQUEST', code: 'INVALID_SIGNATURE', message: 'The webhook signature does not match.' });
    }
    throw error;
  }

  const applied = await db.transaction(async (tx): Promise<Applied> => {
    const [fresh] = await rememberEvent(tx, { id: event.id, type: event.type === 'ignored' ? event.providerType : event.type });
    if (!fresh) return { outcome: 'replayed' };
    return applyEvent(tx, event, logger);
  });

  if (applied.refund) {
    try {
      await settleCardRefund(db, payments, applied.refund);
    } catch (error) {
      // The event is handled; the refund stays in the ledger, pending or failed, for support to see.
      logger.warn({ orderId: applied.refund.orderId, refundId: applied.refund.id, ...errorEntry(error) }, 'refund of a late card payment did not go through');
    }
  }
  return { eventId: event.id, outcome: applied.outcome };
}
