import { inArray } from 'drizzle-orm';
import { nextStatuses, orderStatuses, type OrderStatus } from '@/shared/order-status';
import type { Db } from '../../db/client';
import { paymentsOf, refundable, refundedUnitsOfOrders, type PaymentRecord } from '../payments/payment-records';
import { claimedUnits, hasUnitsLeft, openAmount, returnRequestsOf, type ReturnableLineRecord, type ReturnRecord } from '../returns/return-records';
import { orderItems } from './orders.tables';

/** The statuses that take a return request (delivered, or refunded in part): orders in no other are never returnable. */
export const returnRequestStatuses: readonly OrderStatus[] = orderStatuses.filter((status) => nextStatuses({ status }).includes('refund_requested'));

/** What paid money is left for a further refund once open requests are settled. */
export function refundableAmountOf(payment: PaymentRecord | null, requests: readonly ReturnRecord[]): number {
  return payment ? Math.max(0, refundable(payment) - openAmount(requests)) : 0;
}

/** Whether some delivered units are neither refunded nor asked back, and paid money is left to refund them. */
function hasReturnsLeft(options: { lines: readonly ReturnableLineRecord[]; claimed: ReadonlyMap<string, number>; refundableAmount: number }): boolean {
  return options.refundableAmount > 0 && hasUnitsLeft(options.lines, options.claimed);
}

/**
 * Whether a return may still be asked of this order: its status takes a request (delivered, or refunded
 * in part), some delivered units are neither refunded nor asked back, and paid money is left to refund.
 */
export function isReturnable(options: {
  status: OrderStatus;
  lines: readonly ReturnableLineRecord[];
  claimed: ReadonlyMap<string, number>;
  refundableAmount: number;
}): boolean {
  return returnRequestStatuses.includes(options.status) && hasReturnsLeft(options);
}

/** Whether an order under review will still take a request once support approves the open one (see `isReturnable`). */
export function isReturnableAfterReview(options: Parameters<typeof isReturnable>[0]): boolean {
  return options.status === 'refund_requested' && hasReturnsLeft(options);
}

/**
 * Whether a refunded order reads "Partially refunded": its payment was refunded only in part, whether items
 * are left to return or every item came back and the fees stayed (ADR 067). The label says what the order's
 * Payment card says, never more.
 */
export function isPartlyRefunded(status: OrderStatus, payment: Pick<PaymentRecord, 'status'> | null): boolean {
  return status === 'refunded' && payment?.status === 'partially_refunded';
}

/**
 * Of these orders, those a return may still be asked of (`returnable`), of those under review the ones
 * that will still take a request once support approves the open one (`afterReview`): units would be left
 * that no refund took and no request asks back, and paid money to refund them; and the refunded ones that
 * read "Partially refunded" (`partlyRefunded`). Read in a few queries for a whole page, and only for
 * orders delivered or after.
 */
export async function returnsLeft(
  db: Db,
  orders: readonly { id: string; status: OrderStatus }[],
): Promise<{ returnable: Set<string>; afterReview: Set<string>; partlyRefunded: Set<string> }> {
  const candidates = orders.filter((order) => order.status === 'refund_requested' || returnRequestStatuses.includes(order.status));
  const ids = candidates.map((order) => order.id);
  if (ids.length === 0) return { returnable: new Set(), afterReview: new Set(), partlyRefunded: new Set() };
  const [lines, payments, refunded, requests] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        fulfilment: orderItems.fulfilment,
        unavailableQuantity: orderItems.unavailableQuantity,
        substituteUnitPrice: orderItems.substituteUnitPrice,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids)),
    paymentsOf(db, ids),
    refundedUnitsOfOrders(db, ids),
    returnRequestsOf(db, ids),
  ]);
  // The open request's units and amount count as taken already: approving it refunds exactly those.
  const withSomethingLeft = candidates.filter((order) => {
    const own = requests.filter((request) => request.orderId === order.id);
    return hasReturnsLeft({
      lines: lines.filter((line) => line.orderId === order.id),
      claimed: claimedUnits(refunded.get(order.id) ?? new Map(), own),
      refundableAmount: refundableAmountOf(payments.get(order.id) ?? null, own),
    });
  });
  return {
    returnable: new Set(withSomethingLeft.filter((order) => returnRequestStatuses.includes(order.status)).map((order) => order.id)),
    afterReview: new Set(withSomethingLeft.filter((order) => order.status === 'refund_requested').map((order) => order.id)),
    partlyRefunded: new Set(candidates.filter((order) => isPartlyRefunded(order.status, payments.get(order.id) ?? null)).map((order) => order.id)),
  };
}
