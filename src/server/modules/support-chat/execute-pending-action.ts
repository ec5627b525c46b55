import { chatEngineCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { findChatOrderById } from '../../read-models/chat-orders';
import { cancelOrder } from '../orders/cancel-order';
import { resolvePendingAction, type PendingActionRow } from './pending-actions';

export type ExecutionResult = { ok: true; message: string } | { ok: false; message: string; error: AppError };

/**
 * Runs a pending action the customer confirmed and has already claimed (marked done): through the
 * orders module's own cancel, with the customer as the actor, so every rule of the order pages holds
 * here too. Both cancel_order and request_refund cancel: before delivery, cancelling is the way money
 * comes back (ADR 028). A refusal marks the action failed and says why.
 */
export async function executePendingAction(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  action: PendingActionRow;
}): Promise<ExecutionResult> {
  const { db, viewer, action } = options;
  try {
    const before = await findChatOrderById(db, { viewer, orderId: action.orderId });
    const cancelled = await cancelOrder({ db, payments: options.payments, logger: options.logger, viewer, orderId: action.orderId, input: { reason: chatEngineCopy.cancelReason } });
    const refunded = before?.paymentMethod === 'card' ? before.refundableAmount : 0;
    const results = chatEngineCopy.results;
    // A refund the provider refused leaves the payment to refund as it was: the customer is not told money is coming back.
    const message =
      before?.paymentMethod !== 'card'
        ? results.cancelledNothingDue(action.orderNumber)
        : refunded === 0
          ? results.cancelledNotCharged(action.orderNumber)
          : cancelled.refundableAmount >= refunded
            ? results.cancelledRefundFailed(action.orderNumber)
            : results.cancelledRefunded(action.orderNumber, formatMoney(refunded));
    return { ok: true, message };
  } catch (error) {
    await resolvePendingAction(db, { id: action.id, status: 'failed', from: 'done' });
    if (!(error instanceof AppError)) throw error;
    return { ok: false, message: chatEngineCopy.results.failed(action.orderNumber, error.message), error };
  }
}
