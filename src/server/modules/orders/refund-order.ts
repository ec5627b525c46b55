import type { Order, RefundInput } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { lockPayment, recordRefund, refundable, refundedUnitsOf, settleCardRefund } from '../payments/payment-records';
import { claimedUnits, openAmount, returnableLine, returnRequestsOf } from '../returns/return-records';
import { linesOf, lockOrder } from './order-records';
import { presentOrder } from './present-order';

function tooLarge(field: string): AppError {
  return new AppError({ kind: 'CONFLICT', code: 'REFUND_TOO_LARGE', message: orderRefusals.refundTooLarge, fields: { [field]: orderRefusals.refundTooLarge } });
}

function lineError(field: string, message: string): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', message, fields: { [field]: message } });
}

/**
 * A refund by support or an admin, with a reason, written to the refund ledger: everything still
 * refundable (full), picked lines priced by the server at what was paid for them, tax included (line), or an amount
 * (goodwill). It never exceeds what was paid less what was refunded and what open return requests ask
 * back, so a pending request can still be approved in full; a line's units already refunded or asked
 * back cannot be refunded again. Anything above is refused and nothing is written. A card refund then
 * goes to the payment provider.
 */
export async function refundOrder(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  input: RefundInput;
}): Promise<Order> {
  const { db, viewer, input } = options;
  if (viewer.role !== 'support' && viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const { order, refund } = await db.transaction(async (tx) => {
    // The order's lock serialises this with return requests and decisions; the payment's with other refunds.
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    const payment = await lockPayment(tx, locked.id);
    const requests = await returnRequestsOf(tx, [locked.id]);
    const room = refundable(payment) - openAmount(requests);

    let amount: number;
    let lines: { orderLineId: string; quantity: number }[] = [];
    if (input.kind === 'goodwill') {
      if (input.amount > room) throw tooLarge('amount');
      amount = input.amount;
    } else {
      const orderLines = await linesOf(tx, locked.id);
      const claimed = claimedUnits(await refundedUnitsOf(tx, locked.id), requests);
      const lineOf = (lineId: string) => orderLines.find((line) => line.id === lineId);
      const left = (lineId: string) => {
        const line = lineOf(lineId);
        return line ? unitsLeftToReturn(returnableLine(line, claimed)) : 0;
      };
      if (input.kind === 'full') {
        // Every unit not yet refunded goes with it, so no line can be refunded again afterwards.
        lines = orderLines.filter((line) => left(line.id) > 0).map((line) => ({ orderLineId: line.id, quantity: left(line.id) }));
        amount = room;
        if (amount <= 0) throw new AppError({ kind: 'CONFLICT', code: 'NOTHING_TO_REFUND', message: orderRefusals.nothingLeftToRefund });
      } else {
        const picked = new Map<string, number>();
        input.lines.forEach((entry, index) => {
          if (!lineOf(entry.orderLineId)) throw lineError(`lines.${index}.orderLineId`, orderRefusals.returnLineUnknown);
          const quantity = (picked.get(entry.orderLineId) ?? 0) + entry.quantity;
          if (quantity > left(entry.orderLineId)) throw lineError(`lines.${index}.quantity`, orderRefusals.refundQuantityTooHigh);
          picked.set(entry.orderLineId, quantity);
        });
        lines = [...picked].map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
        amount = refundOfLines(
          lines.map((entry) => ({ line: returnableLine(lineOf(entry.orderLineId)!, claimed), units: entry.quantity })),
          locked,
        );
        if (amount <= 0) throw lineError('lines', orderRefusals.nothingToRefund);
        if (amount > room) throw tooLarge('lines');
      }
    }
    const refund = await recordRefund(tx, { orderId: locked.id, amount, kind: input.kind, reason: input.reason, lines, actor: viewer });
    return { order: locked, refund };
  });
  try {
    await settleCardRefund(db, options.payments, refund);
  } catch (error) {
    options.logger.warn({ ...errorEntry(error), orderId: order.id }, 'payment provider refused a refund');
  }
  return presentOrder(db, { order, viewer });
}
