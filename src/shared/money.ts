import { formatCount } from './format-count';

/**
 * Money is integer cents everywhere. Percentages are carried as basis points
 * (hundredths of a percent) so that 8.25 % is the integer 825 and no float touches money.
 */
export type Cents = number;

export const SERVICE_FEE_BP = 200; // 2 %
export const TAX_BP = 825; // 8.25 %

function assertCents(value: number, label = 'amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a whole number of cents, got ${value}`);
}

/** Integer division rounding half away from zero (half-up for the non-negative amounts we charge). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** A percentage such as 12.5 as basis points (1250); at most two decimals count. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** `bp` basis points of an amount, rounded half-up to the cent. */
export function percentOf(amount: Cents, bp: number): Cents {
  assertCents(amount);
  return divideRoundHalfUp(amount * bp, 10_000);
}

/** The amount after taking `bp` basis points off, rounded half-up to the cent. */
export function discounted(amount: Cents, bp: number): Cents {
  assertCents(amount);
  return divideRoundHalfUp(amount * (10_000 - bp), 10_000);
}

export function sum(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => {
    assertCents(amount);
    return total + amount;
  }, 0);
}

/** Parses '12.50', '$12.5' or '12' to cents; returns null for anything else. */
export function parseMoney(text: string): Cents | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, dollars = '0', fraction = ''] = match;
  return Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '$12.50': a dollar sign and two decimals. */
export function formatMoney(amount: Cents): string {
  assertCents(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const dollars = formatCount(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
}

/** What the lines save against their prices before discounts, bundles and deals: never below zero per line. */
export function savingsOf(lines: readonly (PricedLine & { originalPrice: Cents })[]): Cents {
  return sum(lines.map((line) => Math.max(0, line.originalPrice - line.unitPrice) * line.quantity));
}

export interface CartSummary {
  subtotal: Cents;
  serviceFee: Cents;
  deliveryFee: Cents;
  taxAmount: Cents;
  tip: Cents;
  totalAmount: Cents;
}

/** Subtotal, 2 % service fee, 8.25 % tax (each rounded half-up), delivery fee and tip. */
export function summarize(lines: readonly PricedLine[], options: { deliveryFee?: Cents; tip?: Cents } = {}): CartSummary {
  const subtotal = sum(lines.map((line) => line.unitPrice * line.quantity));
  const serviceFee = percentOf(subtotal, SERVICE_FEE_BP);
  const taxAmount = percentOf(subtotal, TAX_BP);
  const deliveryFee = options.deliveryFee ?? 0;
  const tip = options.tip ?? 0;
  return { subtotal, serviceFee, deliveryFee, taxAmount, tip, totalAmount: subtotal + serviceFee + taxAmount + deliveryFee + tip };
}

/**
 * What refunding some of an order's items gives back: their prices (unit price × units) and the tax the
 * order charged on them, its share of the order's tax rounded down, so that refunds of every item added
 * together never pass the tax that was paid. The service and delivery fees paid for the delivery itself
 * stay with it when part of the order comes back.
 */
export function itemsRefund(items: Cents, order: { subtotal: Cents; taxAmount: Cents }): Cents {
  assertCents(items);
  if (order.subtotal <= 0) return items;
  return items + Math.floor((order.taxAmount * items) / order.subtotal);
}
