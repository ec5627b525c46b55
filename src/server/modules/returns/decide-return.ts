import type { ReturnRequest } from '@/shared/contracts/orders';
import { notificationCopy, orderNotes, orderRefusals, supportCopy } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mail';
import { ProviderRefusedError, type PaymentProvider } from '../../providers/payments';
import { customerContact } from '../../read-models/notification-recipients';
import { lockOrder, moveOrder, orderLabels } from '../orders/order-records';
import { recordRefund, settleCardRefund, type RefundRecord } from '../payments/payment-records';
import { recordAudit } from '../audit/record-audit';
import { formatMoney } from '@/shared/money';
import { decideReturnRequest, findReturnRequest, reopenReturnRequest, toReturnRequest } from './return-records';

function alreadyDecided(): AppError {
  return new AppError({ kind: 'CONFLICT', code: 'RETURN_ALREADY_DECIDED', message: orderRefusals.returnAlreadyDecided });
}

/**
 * Tells the customer of the decision by mail after the commit, without waiting for the mail server;
 * a failure is logged and the decision stands.
 */
function sendDecisionEmail(
  options: { db: Db; mailer: Mailer; logger: Logger; note: string; returnRequestId: string },
  decision: { orderNumber: string; customerProfileId: string; refundedAmount: number | null },
): void {
  const words = notificationCopy.refundEmail;
  const { orderNumber, refundedAmount } = decision;
  void (async () => {
    const customer = await customerContact(options.db, decision.customerProfileId);
    if (!customer) return;
    await options.mailer.send(
      refundedAmount === null
        ? { to: customer.email, subject: words.rejectedSubject(orderNumber), text: words.rejectedText({ orderNumber, note: options.note }) }
        : { to: customer.email, subject: words.approvedSubject(orderNumber), text: words.approvedText({ orderNumber, amount: formatMoney(refundedAmount), note: options.note }) },
    );
  })().catch((error: unknown) => {
    options.logger.warn({ ...errorEntry(error), returnRequestId: options.returnRequestId }, 'refund decision email failed');
  });
}

/**
 * Support decides a return request once: approving refunds its lines through the ledger (the amount
 * asked, or less when support chooses; never more than was asked, nor than the payment has left) and
 * the order becomes refunded; rejecting records the reason the customer sees and the order becomes
 * refund_rejected. The customer is told by mail. A second decision (a double click, or two agents at once) is refused with 409 and
 * changes nothing. A card refund goes to the provider before the order moves: one it refuses is failed in the ledger, the
 * request is open again and the order still under review, and support is answered 409 REFUND_REFUSED (ADR 082).
 */
export async function decideReturn(options: {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  viewer: Viewer;
  returnRequestId: string;
  decision: 'approve' | 'reject';
  /** What to refund when approving; the amount asked when absent. */
  amount?: number;
  note: string;
}): Promise<ReturnRequest> {
  const { db, viewer } = options;
  if (viewer.role !== 'support') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const first = await findReturnRequest(db, options.returnRequestId);
  if (!first) throw new AppError({ kind: 'NOT_FOUND', message: orderRefusals.returnNotFound });

  const { refund, orderNumber, customerProfileId } = await db.transaction(async (tx) => {
    // The order first, as every change to an order locks it first: no lock order can deadlock.
    const order = await lockOrder(tx, { orderId: first.orderId, viewer });
    const request = await findReturnRequest(tx, first.id, { lock: true });
    if (!request || request.status !== 'requested') throw alreadyDecided();
    const approved = options.decision === 'approve';
    const amount = approved ? (options.amount ?? request.amount) : null;
    if (amount !== null && amount > request.amount) {
      throw new AppError({ kind: 'VALIDATION_FAILED', message: supportCopy.refusals.amountAboveRequest, fields: { amount: supportCopy.refusals.amountAboveRequest } });
    }
    let refund: RefundRecord | null = null;
    if (amount !== null) {
      // The ledger refuses more than the payment has left (earlier goodwill refunds count).
      refund = await recordRefund(tx, {
        orderId: order.id,
        amount,
        kind: 'line',
        reason: options.note || orderNotes.returnApproved,
        lines: request.lines.map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
        actor: viewer,
      });
    }
    const status = approved ? 'approved' : 'rejected';
    if (!(await decideReturnRequest(tx, { id: request.id, status, refundedAmount: amount, note: options.note, decidedByProfileId: viewer.profileId }))) {
      throw alreadyDecided();
    }
    await recordAudit(tx, viewer, {
      action: `return.${status}`,
      entityType: 'return_request',
      entityId: request.id,
      summary: approved
        ? auditCopy.orders.returnApproved(order.orderNumber, amount!, request.amount)
        : auditCopy.orders.returnRejected(order.orderNumber, options.note),
      before: { status: request.status },
      after: { status, refundedAmount: amount, note: options.note },
    });
    // A card refund moves the order once the provider has taken it, so the customer never reads "Refunded" for a refund it refused.
    if (!refund?.needsProvider) await moveOrder(tx, { order, to: approved ? 'refunded' : 'refund_rejected', viewer, note: options.note });
    return { refund, orderNumber: order.orderNumber, customerProfileId: order.customerProfileId };
  });

  if (refund?.needsProvider) {
    let refused = false;
    try {
      await settleCardRefund(db, options.payments, refund);
    } catch (error) {
      // Refused: nothing was refunded. Any other failure leaves the refund pending for the provider's webhook: it stands.
      refused = error instanceof ProviderRefusedError;
      options.logger.warn({ ...errorEntry(error), returnRequestId: first.id }, 'payment provider refused a return refund');
    }
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, { orderId: first.orderId, viewer });
      if (!refused) {
        await moveOrder(tx, { order, to: 'refunded', viewer, note: options.note });
        return;
      }
      await reopenReturnRequest(tx, first.id);
      await recordAudit(tx, viewer, {
        action: 'return.refund_refused',
        entityType: 'return_request',
        entityId: first.id,
        summary: auditCopy.orders.returnRefundRefused(orderNumber, refund.amount),
        before: { status: 'approved', refundId: refund.id },
        after: { status: 'requested' },
      });
    });
    if (refused) throw new AppError({ kind: 'CONFLICT', code: 'REFUND_REFUSED', message: supportCopy.refusals.refundRefused });
  }
  sendDecisionEmail(options, { orderNumber, customerProfileId, refundedAmount: refund?.amount ?? null });

  const decided = (await findReturnRequest(db, first.id))!;
  const labels = await orderLabels(db, [decided.orderId]);
  return toReturnRequest(decided, labels.get(decided.orderId) ?? { orderNumber, lineNames: new Map(), timeZone: 'UTC' });
}
