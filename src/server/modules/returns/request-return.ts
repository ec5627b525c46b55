import type { ReturnRequest, ReturnRequestInput } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { mostReturnable, paidForUnits, refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import { canTransition } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { factsOf, linesOf, lockOwnOrder, moveOrder, orderLabels, statusNotAllowed } from '../orders/order-records';
import { lockPayment, refundable, refundedUnitsOf } from '../payments/payment-records';
import { claimedUnits, findReturnRequest, insertReturnRequest, openAmount, returnableLine, returnRequestsOf, toReturnRequest } from './return-records';
import { decodePhoto } from './return-photo';

function fieldError(field: string, message: string): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', message, fields: { [field]: message } });
}

/**
 * A customer asks for a return or refund of lines of their delivered order. The amount is what was
 * paid for the picked units (a substitute at its own price) with their share of the order's tax
 * (`refundOfLines`), and never more than `mostReturnable`: the units left, with their tax, within what was
 * paid and not yet refunded or asked back.
 * Units already refunded or requested, and units the picker refunded instead of delivering, cannot be
 * asked for. The order moves to refund_requested, and support decides.
 */
export async function requestReturn(options: {
  db: Db;
  viewer: Viewer;
  orderId: string;
  input: Omit<ReturnRequestInput, 'reason'> & { reason: string };
}): Promise<ReturnRequest> {
  const { db, viewer, input } = options;
  // Checked before anything is read or locked: a bad photo writes nothing.
  const photo = input.photo ? decodePhoto(input.photo) : undefined;
  const requestId = await db.transaction(async (tx) => {
    const locked = await lockOwnOrder(tx, { orderId: options.orderId, viewer });
    if (!canTransition({ viewer, order: factsOf(locked), to: 'refund_requested' })) throw statusNotAllowed();
    const lines = new Map((await linesOf(tx, locked.id)).map((line) => [line.id, line]));
    const requests = await returnRequestsOf(tx, [locked.id]);
    const claimed = claimedUnits(await refundedUnitsOf(tx, locked.id), requests);

    const picked = new Map<string, number>();
    input.lines.forEach((entry, index) => {
      const line = lines.get(entry.orderLineId);
      if (!line) throw fieldError(`lines.${index}.orderLineId`, orderRefusals.returnLineUnknown);
      const quantity = (picked.get(line.id) ?? 0) + entry.quantity;
      if (quantity > unitsLeftToReturn(returnableLine(line, claimed))) throw fieldError(`lines.${index}.quantity`, orderRefusals.returnQuantityTooHigh);
      picked.set(line.id, quantity);
    });
    const chosen = [...picked].map(([orderLineId, units]) => ({ orderLineId, line: returnableLine(lines.get(orderLineId)!, claimed), units }));
    // Each line keeps its items' amount; the request's amount holds their tax as well.
    const requested = chosen.map(({ orderLineId, line, units }) => ({ orderLineId, quantity: units, amount: paidForUnits(line, units) }));
    const amount = refundOfLines(chosen, locked);
    if (amount <= 0) throw fieldError('lines', orderRefusals.nothingToRefund);

    const payment = await lockPayment(tx, locked.id);
    const left = [...lines.values()].map((line) => returnableLine(line, claimed));
    if (amount > mostReturnable(left, locked, refundable(payment) - openAmount(requests))) {
      throw new AppError({ kind: 'CONFLICT', code: 'REFUND_TOO_LARGE', message: orderRefusals.refundTooLarge, fields: { lines: orderRefusals.refundTooLarge } });
    }
    const id = await insertReturnRequest(tx, { orderId: locked.id, customerProfileId: viewer.profileId, lines: requested, reason: input.reason, amount, photo });
    await moveOrder(tx, { order: locked, to: 'refund_requested', viewer, note: input.reason });
    return id;
  });
  const request = (await findReturnRequest(db, requestId))!;
  const labels = await orderLabels(db, [request.orderId]);
  return toReturnRequest(request, labels.get(request.orderId)!);
}
