import { sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus, RefundEntry } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import { preparedQuery, queryRows, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { ProviderRefusedError, type PaymentProvider, type ProviderRefund } from '../../providers/payments';

export interface PaymentRecord {
  id: string;
  orderId: string;
  method: PaymentMethod;
  provider: 'none' | 'stripe';
  providerRef: string | null;
  clientSecret: string | null;
  amount: number;
  status: PaymentStatus;
  /** Refunds that have not failed. */
  refundedAmount: number;
}

const paymentColumns = sql`p.id, p.order_id as "orderId", p.method, p.provider, p.provider_ref as "providerRef", p.client_secret as "clientSecret",
  p.amount, p.status,
  coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as "refundedAmount"`;

const insertPayment = preparedQuery<{ orderId: string; method: PaymentMethod; provider: string; amount: number; status: PaymentStatus }, { id: string }>(
  'insert_payment',
  ({ orderId, method, provider, amount, status }) => sql`insert into payments (order_id, method, provider, amount, status)
    values (${orderId}, ${method}, ${provider}, ${amount}, ${status}) returning id`,
);

/**
 * Records how a new order is paid, inside the placing transaction: pay on delivery is due when it
 * arrives; a card payment is pending until the provider confirms it.
 */
export async function createPayment(tx: Db, options: { orderId: string; method: PaymentMethod; amount: number }): Promise<{ id: string }> {
  const card = options.method === 'card';
  const [row] = await insertPayment(tx, {
    orderId: options.orderId,
    method: options.method,
    provider: card ? 'stripe' : 'none',
    amount: options.amount,
    status: card ? 'pending' : 'due_on_delivery',
  });
  return row!;
}

/** Keeps the provider's payment id and the secret the browser's card element needs. */
export async function attachCardIntent(db: Db, options: { orderId: string; providerRef: string; clientSecret: string }): Promise<void> {
  await db.execute(sql`update payments set provider_ref = ${options.providerRef}, client_secret = ${options.clientSecret}, updated_at = now()
    where order_id = ${options.orderId}`);
}

const paymentsOfOrders = preparedQuery<{ orderIds: string }, PaymentRecord>(
  'payments_of_orders',
  ({ orderIds }) => sql`select ${paymentColumns} from payments p
    where p.order_id in (select value::uuid from jsonb_array_elements_text(${orderIds}::jsonb))`,
);

/** The payments of some orders, by order id. */
export async function paymentsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, PaymentRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await paymentsOfOrders(db, { orderIds: JSON.stringify(orderIds) });
  return new Map(rows.map((row) => [row.orderId, row]));
}

export async function paymentOf(db: Db, orderId: string): Promise<PaymentRecord | null> {
  return (await paymentsOf(db, [orderId])).get(orderId) ?? null;
}

/** The payment of a card PaymentIntent, for webhooks. */
export async function paymentByProviderRef(db: Db, providerRef: string): Promise<PaymentRecord | null> {
  const [row] = await queryRows<PaymentRecord>(db, sql`select ${paymentColumns} from payments p where p.provider_ref = ${providerRef}`);
  return row ?? null;
}

/** Locks the payment of a card PaymentIntent for the rest of the transaction, for webhooks; null when it is not ours. */
export async function lockPaymentByProviderRef(tx: Db, providerRef: string): Promise<PaymentRecord | null> {
  const [row] = await queryRows<PaymentRecord>(tx, sql`select ${paymentColumns} from payments p where p.provider_ref = ${providerRef} for update of p`);
  return row ?? null;
}

/** Locks an order's payment for the rest of the transaction, so refunds of one order run one after another. */
export async function lockPayment(tx: Db, orderId: string): Promise<PaymentRecord> {
  const [row] = await queryRows<PaymentRecord>(tx, sql`select ${paymentColumns} from payments p where p.order_id = ${orderId} for update of p`);
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: orderRefusals.notFound });
  return row;
}

export async function setPaymentStatus(tx: Db, options: { orderId: string; status: PaymentStatus }): Promise<void> {
  await tx.execute(sql`update payments set status = ${options.status}, updated_at = now() where order_id = ${options.orderId}`);
}

/**
 * Lowers what a pay-on-delivery customer owes (a line found unavailable), inside the caller's
 * transaction; it never rises. False when the payment is not one still due on delivery.
 */
export async function lowerAmountDue(tx: Db, options: { orderId: string; amount: number }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update payments set amount = ${options.amount}, updated_at = now()
      where order_id = ${options.orderId} and status = 'due_on_delivery' and amount >= ${options.amount} returning id`,
  );
  return rows.length > 0;
}

/** What has been paid and can still be given back: nothing before a payment is taken. */
export function refundable(payment: PaymentRecord): number {
  const paid = payment.status === 'paid' || payment.status === 'partially_refunded' || payment.status === 'refunded' ? payment.amount : 0;
  return Math.max(0, paid - payment.refundedAmount);
}

export interface RefundRecord {
  id: string;
  orderId: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** A card refund still has to be sent to the provider, after the transaction commits (settleCardRefund). */
  needsProvider: boolean;
}

/**
 * Writes a refund to the ledger inside the caller's transaction. The payment row is locked first, so
 * two refunds of one order cannot both pass the check: the sum of refunds never exceeds what was paid.
 * Cash collected on delivery is refunded by the store at once; a card refund is pending until the
 * provider confirms it.
 */
export async function recordRefund(
  tx: Db,
  options: {
    orderId: string;
    amount: number;
    kind: RefundEntry['kind'];
    reason: string;
    lines?: { orderLineId: string; quantity: number }[];
    actor: Viewer | 'system';
  },
): Promise<RefundRecord> {
  const payment = await lockPayment(tx, options.orderId);
  if (options.amount <= 0 || options.amount > refundable(payment)) {
    throw new AppError({ kind: 'CONFLICT', code: 'REFUND_TOO_LARGE', message: orderRefusals.refundTooLarge, fields: { amount: orderRefusals.refundTooLarge } });
  }
  const card = payment.provider === 'stripe';
  const status = card ? 'pending' : 'succeeded';
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into refunds (order_id, payment_id, amount, kind, reason, lines, status, actor_profile_id)
      values (${options.orderId}, ${payment.id}, ${options.amount}, ${options.kind}, ${options.reason}, ${JSON.stringify(options.lines ?? [])}::jsonb,
        ${status}, ${options.actor === 'system' ? null : options.actor.profileId})
      returning id`,
  );
  const refunded = payment.refundedAmount + options.amount;
  await setPaymentStatus(tx, { orderId: options.orderId, status: refunded >= payment.amount ? 'refunded' : 'partially_refunded' });
  if (options.actor !== 'system' && options.actor.role !== 'customer') {
    await recordAudit(tx, options.actor, {
      action: 'refund.recorded',
      entityType: 'order',
      entityId: options.orderId,
      summary: auditCopy.orders.refunded(options.amount, options.kind, options.reason),
      before: { refundedAmount: payment.refundedAmount },
      after: { refundedAmount: refunded, refundId: row!.id, kind: options.kind, lines: options.lines ?? [] },
    });
  }
  return { id: row!.id, orderId: options.orderId, amount: options.amount, status, needsProvider: card };
}

/** A taken payment's status once `refunded` cents of it have been given back. */
function statusAfterRefunds(payment: PaymentRecord, refunded: number): PaymentStatus {
  if (refunded <= 0) return 'paid';
  return refunded >= payment.amount ? 'refunded' : 'partially_refunded';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records what became of a refund, inside the caller's transaction. A failed refund stays failed
 * (the provider never revives one), and gives its amount back to what may still be refunded: the
 * payment's status is worked out again from the refunds that have not failed.
 */
export async function setRefundOutcome(
  tx: Db,
  options: { refundId: string; status: RefundRecord['status']; providerRef?: string },
): Promise<boolean> {
  const [found] = await queryRows<{ orderId: string }>(tx, sql`select order_id as "orderId" from refunds where id = ${options.refundId}`);
  if (!found) return false;
  // The payment first, as recordRefund locks it, so the two never wait for each other crosswise.
  await lockPayment(tx, found.orderId);
  const [before] = await queryRows<{ status: RefundRecord['status'] }>(tx, sql`select status from refunds where id = ${options.refundId} for update`);
  if (!before) return false;
  const status = before.status === 'failed' ? 'failed' : options.status;
  await tx.execute(sql`update refunds set status = ${status}, provider_ref = coalesce(${options.providerRef ?? null}, provider_ref), updated_at = now()
    where id = ${options.refundId}`);
  if (status === 'failed' && before.status !== 'failed') {
    const payment = await lockPayment(tx, found.orderId);
    if (payment.status === 'paid' || payment.status === 'partially_refunded' || payment.status === 'refunded') {
      await setPaymentStatus(tx, { orderId: found.orderId, status: statusAfterRefunds(payment, payment.refundedAmount) });
    }
  }
  return true;
}

/**
 * The provider's news about one of its refunds (a webhook), inside the caller's transaction: found by
 * the provider's id, or by our ledger id sent with it when the news beats the refund's own answer.
 * False when the refund is not one of ours.
 */
export async function recordProviderRefundUpdate(
  tx: Db,
  options: { providerRef: string; ledgerRefundId: string | null; status: RefundRecord['status'] },
): Promise<boolean> {
  const ledgerId = options.ledgerRefundId && uuidPattern.test(options.ledgerRefundId) ? options.ledgerRefundId : null;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from refunds where provider_ref = ${options.providerRef} or (${ledgerId}::uuid is not null and id = ${ledgerId}::uuid and provider_ref is null) limit 1`,
  );
  if (!row) return false;
  return setRefundOutcome(tx, { refundId: row.id, status: options.status, providerRef: options.providerRef });
}

/**
 * Sends a pending card refund to the provider (after the ledger row is committed) and records the
 * answer. The refund's id is the provider's idempotency key, so a retry never refunds twice. A refund
 * the provider refuses is failed, and what it held can be refunded again; one whose answer was lost
 * stays pending until the provider's webhook tells.
 */
export async function settleCardRefund(db: Db, payments: PaymentProvider, refund: RefundRecord): Promise<void> {
  if (!refund.needsProvider) return;
  const payment = await paymentOf(db, refund.orderId);
  if (!payment?.providerRef) return;
  let answer: ProviderRefund;
  try {
    answer = await payments.refund({
      paymentIntentId: payment.providerRef,
      amount: refund.amount,
      idempotencyKey: `refund-${refund.id}`,
      ledgerRefundId: refund.id,
    });
  } catch (error) {
    // Refused: nothing was refunded, and the amount may be refunded again. Any other failure (the
    // network) leaves it pending: the provider may have refunded it, and its webhook will say.
    if (error instanceof ProviderRefusedError) await db.transaction((tx) => setRefundOutcome(tx, { refundId: refund.id, status: 'failed' }));
    throw error;
  }
  await db.transaction((tx) => setRefundOutcome(tx, { refundId: refund.id, status: answer.status, providerRef: answer.id }));
}

/** Units of each order line refunded so far (refunds that have not failed), by order line id. */
export async function refundedUnitsOf(db: Db, orderId: string): Promise<Map<string, number>> {
  return (await refundedUnitsOfOrders(db, [orderId])).get(orderId) ?? new Map();
}

/** The same for some orders at once: by order id, then by order line id. */
export async function refundedUnitsOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const byOrder = new Map<string, Map<string, number>>();
  if (orderIds.length === 0) return byOrder;
  const rows = await queryRows<{ orderId: string; orderLineId: string; quantity: number }>(
    db,
    sql`select r.order_id as "orderId", line->>'orderLineId' as "orderLineId", sum((line->>'quantity')::int)::int as quantity
      from refunds r, jsonb_array_elements(r.lines) line
      where r.order_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)) and r.status <> 'failed'
      group by 1, 2`,
  );
  for (const row of rows) {
    const units = byOrder.get(row.orderId) ?? new Map<string, number>();
    units.set(row.orderLineId, row.quantity);
    byOrder.set(row.orderId, units);
  }
  return byOrder;
}

interface RefundRow {
  id: string;
  orderId: string;
  amount: number;
  kind: RefundEntry['kind'];
  reason: string;
  status: RefundEntry['status'];
  at: Date | string;
}

/** An order's refunds, oldest first, as the order page shows them. */
export async function refundsOf(db: Db, orderId: string): Promise<RefundEntry[]> {
  const rows = await queryRows<RefundRow>(
    db,
    sql`select id, order_id as "orderId", amount, kind, reason, status, created_at as at from refunds where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((row) => ({ id: row.id, amount: row.amount, kind: row.kind, reason: row.reason, status: row.status, at: new Date(row.at).toISOString() }));
}
