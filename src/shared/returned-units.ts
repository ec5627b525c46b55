import type { OrderLine } from './contracts/orders';
import { itemsRefund, type Cents } from './money';

/** What of an order line decides what can still come back of it, and what that was paid. */
export type ReturnableLine = Pick<OrderLine, 'quantity' | 'unitPrice' | 'refundedQuantity'> & {
  fulfilment: Pick<OrderLine['fulfilment'], 'status' | 'quantity'> & { substitute: { unitPrice: Cents } | null };
};

/** Units the picker refunded instead of delivering: they never reached the customer, so never come back. */
function undelivered(line: ReturnableLine): number {
  return line.fulfilment.status === 'refunded' ? line.fulfilment.quantity : 0;
}

/** Units delivered (a substitute counts as delivered) and neither refunded nor asked back yet. */
export function unitsLeftToReturn(line: ReturnableLine): number {
  return Math.max(0, line.quantity - undelivered(line) - line.refundedQuantity);
}

/**
 * What the customer paid for `units` more units of a line. A substitute's units come back first, at the
 * substitute's price (the order's amounts were lowered to it), then the line's own at its unit price;
 * units refunded or asked back before took substitutes first by the same rule.
 */
export function paidForUnits(line: ReturnableLine, units: number): Cents {
  const substitute = line.fulfilment.status === 'substituted' ? line.fulfilment.substitute : null;
  const substitutesLeft = substitute ? Math.max(0, line.fulfilment.quantity - line.refundedQuantity) : 0;
  const asSubstitutes = Math.min(units, substitutesLeft);
  return asSubstitutes * (substitute?.unitPrice ?? 0) + (units - asSubstitutes) * line.unitPrice;
}

/** Units chosen of one line, for a return request or a refund of lines. */
export interface PickedUnits {
  line: ReturnableLine;
  units: number;
}

/** What was paid for these units of these lines, tax aside. */
export function paidForLines(picked: readonly PickedUnits[]): Cents {
  return picked.reduce((sum, { line, units }) => sum + paidForUnits(line, units), 0);
}

/**
 * What giving back these units of these lines comes to (ADR 067): what was paid for them, a substitute at
 * its own price, with their share of the order's tax. Every place that prices a line refund, on the
 * server and in the web app before sending, uses this one sum.
 */
export function refundOfLines(picked: readonly PickedUnits[], order: { subtotal: Cents; taxAmount: Cents }): Cents {
  return itemsRefund(paidForLines(picked), order);
}

/**
 * The most a return can still give back (ADR 067): every unit left to return, priced as `refundOfLines`
 * prices it, and never more than what was paid and is neither refunded nor asked back yet (`refundable`).
 * The fees and the tip stay with the delivery. The customer's return dialog says so, and the server
 * refuses a request above it.
 */
export function mostReturnable(lines: readonly ReturnableLine[], order: { subtotal: Cents; taxAmount: Cents }, refundable: Cents): Cents {
  const everything = lines.map((line) => ({ line, units: unitsLeftToReturn(line) }));
  return Math.max(0, Math.min(refundOfLines(everything, order), refundable));
}
