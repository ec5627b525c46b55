import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayment } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createAccount } from '../../db/seed/factories';
import { ProviderRefusedError } from '../../providers/payments';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { signedStripeEvent, startStripeStandIn, stripeTestEnv, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { reserveStock } from '../catalog/stock';
import { recordOrderEvent } from '../orders/order-events';
import { lockOrderForSystem } from '../orders/order-records';
import { attachCardIntent, createPayment, lockPayment, paymentOf, recordRefund, refundable, settleCardRefund } from './payment-records';

interface PlacedCardOrder {
  orderId: string;
  orderNumber: string;
  totalAmount: number;
  intentId: string;
}

describe.each(databaseKinds)('card payments through Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let fixture: CatalogFixture;
  let customerProfileId: string;
  const secret = 'whsec_stand_in_signing_secret';

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ kind, env: stripeTestEnv(stripe) });
    fixture = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    const { profile } = await createAccount({
      db: t.database.db,
      auth: t.deps.auth,
      account: { email: uniqueEmail('payer'), password: testPassword, firstName: 'Pat', lastName: 'Payer' },
    });
    customerProfileId = profile.id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /**
   * An order paid by card, written as placement writes one (stock taken, lines, first event, payment),
   * then its PaymentIntent created for the order's total after the commit.
   */
  async function placeCardOrder(quantity = 2): Promise<PlacedCardOrder> {
    const { bananas } = fixture.products;
    const unitPrice = 49;
    const subtotal = unitPrice * quantity;
    const serviceFee = Math.round(subtotal * 0.02);
    const taxAmount = Math.round(subtotal * 0.0825);
    const deliveryFee = 299;
    const tip = 150;
    const totalAmount = subtotal + serviceFee + taxAmount + deliveryFee + tip;
    const orderNumber = `FC-20261122-${randomBytes(3).toString('hex').toUpperCase()}`;
    const orderId = await t.database.db.transaction(async (tx) => {
      const { shortItems } = await reserveStock(tx, { warehouseId: fixture.warehouses.austin.id, items: [{ itemType: 'product', ref: bananas.id, quantity }] });
      expect(shortItems).toEqual([]);
      const [order] = await queryRows<{ id: string }>(
        tx,
        sql`insert into orders (order_number, customer_profile_id, type, warehouse_id, street_address, city, state, zip_code, estimated_delivery_at,
            subtotal, service_fee, delivery_fee, tax_amount, tip, total_amount, payment_method, delivery_code, idempotency_key, request_digest)
          values (${orderNumber}, ${customerProfileId}, 'grocery', ${fixture.warehouses.austin.id}, '1 Test Way', 'Austin', 'TX', '78701', now() + interval '1 hour',
            ${subtotal}, ${serviceFee}, ${deliveryFee}, ${taxAmount}, ${tip}, ${totalAmount}, 'card', '1234', ${randomBytes(8).toString('hex')}, 'test')
          returning id`,
      );
      await tx.execute(sql`insert into order_items (order_id, position, item_type, product_id, name, quantity, unit_price, original_price, substitution)
        values (${order!.id}, 0, 'product', ${bananas.id}, 'Bananas', ${quantity}, ${unitPrice}, ${unitPrice}, 'replace')`);
      await recordOrderEvent(tx, { orderId: order!.id, status: 'placed', actor: 'system' });
      await createPayment(tx, { orderId: order!.id, method: 'card', amount: totalAmount });
      return order!.id;
    });
    const intent = await t.deps.payments.createIntent({ amount: totalAmount, orderId, orderNumber, idempotencyKey: `order-${orderId}` });
    await attachCardIntent(t.database.db, { orderId, providerRef: intent.id, clientSecret: intent.clientSecret });
    return { orderId, orderNumber, totalAmount, intentId: intent.id };
  }

  function intentObject(order: PlacedCardOrder, fields: Record<string, unknown> = {}) {
    return { id: order.intentId, object: 'payment_intent', amount: order.totalAmount, amount_received: 0, currency: 'usd', status: 'requires_payment_method', ...fields };
  }

  const succeeded = (order: PlacedCardOrder, amount = order.totalAmount) =>
    signedStripeEvent({ secret, type: 'payment_intent.succeeded', object: intentObject(order, { status: 'succeeded', amount_received: amount }) });
  const failed = (order: PlacedCardOrder) =>
    signedStripeEvent({
      secret,
      type: 'payment_intent.payment_failed',
      object: intentObject(order, { last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }),
    });
  const canceled = (order: PlacedCardOrder) =>
    signedStripeEvent({ secret, type: 'payment_intent.canceled', object: intentObject(order, { status: 'canceled', cancellation_reason: 'abandoned' }) });

  /** Delivers a webhook as Stripe does: no Origin, no cookie, the body as signed. */
  function deliver(event: { body: string; headers: Record<string, string> }) {
    return t.app.request('http://localhost:3000/api/payments/webhook', { method: 'POST', headers: event.headers, body: event.body });
  }

  async function paymentStatus(orderId: string) {
    return (await paymentOf(t.database.db, orderId))!.status;
  }

  async function orderStatus(orderId: string) {
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from orders where id = ${orderId}`);
    return row!.status;
  }

  async function bananaStock() {
    const [row] = await queryRows<{ stock: number }>(
      t.database.db,
      sql`select stock_quantity as stock from warehouse_products where warehouse_id = ${fixture.warehouses.austin.id} and product_id = ${fixture.products.bananas.id}`,
    );
    return row!.stock;
  }

  async function webhookEventCount(eventId?: string) {
    const [row] = await queryRows<{ count: number }>(
      t.database.db,
      eventId ? sql`select count(*)::int as count from payment_webhook_events where id = ${eventId}` : sql`select count(*)::int as count from payment_webhook_events`,
    );
    return row!.count;
  }

  const eventIdOf = (event: { body: string }) => (JSON.parse(event.body) as { id: string }).id;

  it('offers card payments with the publishable key', async () => {
    const response = await t.request('/api/payments/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ card: true, publishableKey: 'pk_test_stand_in' });
  });

  it('creates the PaymentIntent for the total the server computed, in USD cents, once per order', async () => {
    const order = await placeCardOrder(3);
    const [stored] = await queryRows<{ total: number }>(t.database.db, sql`select total_amount as total from orders where id = ${order.orderId}`);
    const [created] = stripe.requestsTo('POST', '/v1/payment_intents').filter((request) => request.form['metadata[order_id]'] === order.orderId);
    expect(created).toMatchObject({
      idempotencyKey: `order-${order.orderId}`,
      authorization: 'Bearer sk_test_stand_in',
      form: {
        amount: String(stored!.total),
        currency: 'usd',
        'automatic_payment_methods[enabled]': 'true',
        'metadata[order_id]': order.orderId,
        'metadata[order_number]': order.orderNumber,
      },
    });
    const payment = await paymentOf(t.database.db, order.orderId);
    expect(payment).toMatchObject({ provider: 'stripe', providerRef: order.intentId, clientSecret: expect.stringMatching(/^pi_\w+_secret_/), status: 'pending' });
    // The same key again (a retried placement) is the same intent, as Stripe answers it.
    const again = await t.deps.payments.createIntent({ amount: order.totalAmount, orderId: order.orderId, orderNumber: order.orderNumber, idempotencyKey: `order-${order.orderId}` });
    expect(again.id).toBe(order.intentId);
  });

  it('cancels an intent once, however often it is asked', async () => {
    const order = await placeCardOrder();
    await t.deps.payments.cancelIntent({ paymentIntentId: order.intentId });
    await t.deps.payments.cancelIntent({ paymentIntentId: order.intentId });
    const sent = stripe.requestsTo('POST', `/v1/payment_intents/${order.intentId}/cancel`);
    expect(sent.map((request) => request.idempotencyKey)).toEqual([`cancel-${order.intentId}`, `cancel-${order.intentId}`]);
  });

  it('proves Stripe answers, for diagnostics', async () => {
    expect(await t.deps.payments.verify()).toBe('Stripe API reachable (test mode)');
    expect(stripe.requestsTo('GET', '/v1/payment_intents').length).toBeGreaterThan(0);
  });

  it('marks the payment paid on a signed success, and a replay changes nothing', async () => {
    const order = await placeCardOrder();
    const event = succeeded(order);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await paymentStatus(order.orderId)).toBe('paid');

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await paymentStatus(order.orderId)).toBe('paid');
    expect(await webhookEventCount(eventIdOf(event))).toBe(1);
    // The order itself waits for staff to confirm it.
    expect(await orderStatus(order.orderId)).toBe('placed');
  });

  it('lets a customer retry after a failure, and a failure arriving after the success leaves it paid', async () => {
    const order = await placeCardOrder();
    const failure = failed(order);
    expect((await deliver(failure)).status).toBe(200);
    expect(await paymentStatus(order.orderId)).toBe('failed');
    expect((await deliver(succeeded(order))).status).toBe(200);
    expect(await paymentStatus(order.orderId)).toBe('paid');
    // The failure again (replayed) and a fresh one delivered late: both leave it paid.
    expect(await (await deliver(failure)).json()).toEqual({ received: true, duplicate: true });
    expect(await (await deliver(failed(order))).json()).toEqual({ received: true, duplicate: false });
    expect(await paymentStatus(order.orderId)).toBe('paid');
  });

  it('keeps a paid order when a cancellation arrives after the success', async () => {
    const order = await placeCardOrder();
    const stockBefore = await bananaStock();
    await deliver(succeeded(order));
    expect((await deliver(canceled(order))).status).toBe(200);
    expect(await paymentStatus(order.orderId)).toBe('paid');
    expect(await orderStatus(order.orderId)).toBe('placed');
    expect(await bananaStock()).toBe(stockBefore);
  });

  it('cancels the order as the system when its PaymentIntent is cancelled, and its stock goes back', async () => {
    const stockBefore = await bananaStock();
    const order = await placeCardOrder(4);
    expect(await bananaStock()).toBe(stockBefore - 4);
    const event = canceled(order);
    expect((await deliver(event)).status).toBe(200);
    expect(await orderStatus(order.orderId)).toBe('cancelled');
    expect(await paymentStatus(order.orderId)).toBe('cancelled');
    expect(await bananaStock()).toBe(stockBefore);
    const events = await queryRows<{ status: string; actor: string; note: string }>(
      t.database.db,
      sql`select status, actor_kind as actor, note from order_events where order_id = ${order.orderId} order by id`,
    );
    expect(events).toEqual([
      { status: 'placed', actor: 'system', note: '' },
      { status: 'cancelled', actor: 'system', note: cardPayment.unpaidCancelNote },
    ]);
    // Replayed, the stock is not given back twice.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await bananaStock()).toBe(stockBefore);
  });

  // Two connections are needed to take locks against each other; the embedded database has one.
  it.runIf(kind === 'postgres')("takes the order before its payment, as a customer's cancel does, so the two never deadlock", async () => {
    const order = await placeCardOrder();
    let orderHeld!: () => void;
    const held = new Promise<void>((resolve) => (orderHeld = resolve));
    let letGo!: () => void;
    const release = new Promise<void>((resolve) => (letGo = resolve));
    // The customer's side: the order, then (once the webhook is waiting) its payment.
    const customer = t.database.db.transaction(async (tx) => {
      await lockOrderForSystem(tx, order.orderId);
      orderHeld();
      await release;
      await lockPayment(tx, order.orderId);
    });
    await held;
    const webhook = deliver(canceled(order));
    await expect
      .poll(async () => {
        const [row] = await queryRows<{ waiting: number }>(
          t.database.db,
          sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "orders"%for update%'`,
        );
        return row!.waiting;
      })
      .toBe(1);
    letGo();
    await customer;
    expect((await webhook).status).toBe(200);
    expect(await orderStatus(order.orderId)).toBe('cancelled');
    expect(await paymentStatus(order.orderId)).toBe('cancelled');
  });

  it('leaves an order staff have already confirmed as it is when its intent is cancelled', async () => {
    const order = await placeCardOrder();
    await t.database.db.execute(sql`update orders set status = 'confirmed' where id = ${order.orderId}`);
    const stockBefore = await bananaStock();
    expect((await deliver(canceled(order))).status).toBe(200);
    expect(await orderStatus(order.orderId)).toBe('confirmed');
    expect(await bananaStock()).toBe(stockBefore);
    expect(await paymentStatus(order.orderId)).toBe('cancelled');
  });

  it('refunds at once, in full, a success that arrives after the order was cancelled', async () => {
    const order = await placeCardOrder();
    await deliver(canceled(order));
    expect(await orderStatus(order.orderId)).toBe('cancelled');
    const late = succeeded(order);
    expect((await deliver(late)).status).toBe(200);

    expect(await orderStatus(order.orderId)).toBe('cancelled');
    const refunds = await queryRows<{ id: string; amount: number; kind: string; status: string; providerRef: string | null; reason: string }>(
      t.database.db,
      sql`select id, amount, kind, status, provider_ref as "providerRef", reason from refunds where order_id = ${order.orderId}`,
    );
    expect(refunds).toEqual([
      { id: expect.any(String), amount: order.totalAmount, kind: 'full', status: 'succeeded', providerRef: expect.stringMatching(/^re_/), reason: cardPayment.paidAfterCancelReason },
    ]);
    expect(await paymentStatus(order.orderId)).toBe('refunded');
    const sent = stripe.requestsTo('POST', '/v1/refunds').filter((request) => request.form.payment_intent === order.intentId);
    expect(sent).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${refunds[0]!.id}`, form: { payment_intent: order.intentId, amount: String(order.totalAmount), 'metadata[refund_id]': refunds[0]!.id } }),
    ]);
    // Replayed, nothing is refunded twice.
    await deliver(late);
    expect(stripe.requestsTo('POST', '/v1/refunds').filter((request) => request.form.payment_intent === order.intentId)).toHaveLength(1);
  });

  it('leaves the payment pending when the amount taken is not the order total', async () => {
    const order = await placeCardOrder();
    expect((await deliver(succeeded(order, order.totalAmount - 100))).status).toBe(200);
    expect(await paymentStatus(order.orderId)).toBe('pending');
  });

  type Delivery = ReturnType<typeof signedStripeEvent>;
  it.each([
    ['no signature', (event: Delivery): Delivery => ({ ...event, headers: { 'content-type': 'application/json' } })],
    ['a signature made with another secret', (event: Delivery): Delivery => signedStripeEvent({ ...(JSON.parse(event.body) as { type: string; data: { object: Record<string, unknown> } }), secret: 'whsec_someone_else', object: (JSON.parse(event.body) as { data: { object: Record<string, unknown> } }).data.object })],
    ['a body changed after signing', (event: Delivery): Delivery => ({ ...event, body: event.body.replace('"status":"succeeded"', '"status":"succeeded" ') })],
  ])('refuses a webhook with %s (400) and writes nothing', async (_case, tamper) => {
    const order = await placeCardOrder();
    const forged = tamper(succeeded(order));
    expect(forged.body).toContain(order.intentId);
    const before = await webhookEventCount();
    await expectError(await deliver(forged), 400, 'INVALID_SIGNATURE');
    expect(await webhookEventCount()).toBe(before);
    expect(await paymentStatus(order.orderId)).toBe('pending');
  });

  it('acknowledges events it does not act on, and intents that are not its own, once', async () => {
    const other = signedStripeEvent({ secret, type: 'customer.created', object: { id: 'cus_1', object: 'customer' } });
    expect(await (await deliver(other)).json()).toEqual({ received: true, duplicate: false });
    const stranger = signedStripeEvent({ secret, type: 'payment_intent.succeeded', object: { id: 'pi_not_ours', object: 'payment_intent', amount: 100, amount_received: 100 } });
    expect(await (await deliver(stranger)).json()).toEqual({ received: true, duplicate: false });
    expect(await webhookEventCount(eventIdOf(other))).toBe(1);
  });

  describe('refunds', () => {
    async function paidOrder() {
      const order = await placeCardOrder();
      await deliver(succeeded(order));
      return order;
    }

    async function ledger(orderId: string) {
      return queryRows<{ id: string; status: string; providerRef: string | null }>(
        t.database.db,
        sql`select id, status, provider_ref as "providerRef" from refunds where order_id = ${orderId} order by created_at`,
      );
    }

    it('go to Stripe with the ledger amount and the ledger id as idempotency key', async () => {
      const order = await paidOrder();
      const refund = await t.database.db.transaction((tx) => recordRefund(tx, { orderId: order.orderId, amount: 120, kind: 'partial', reason: 'Bruised', actor: 'system' }));
      expect(refund).toMatchObject({ status: 'pending', needsProvider: true });
      await settleCardRefund(t.database.db, t.deps.payments, refund);
      const [sent] = stripe.requestsTo('POST', '/v1/refunds').filter((request) => request.form.payment_intent === order.intentId);
      expect(sent).toMatchObject({ idempotencyKey: `refund-${refund.id}`, form: { amount: '120', payment_intent: order.intentId } });
      expect(await ledger(order.orderId)).toEqual([{ id: refund.id, status: 'succeeded', providerRef: expect.stringMatching(/^re_/) }]);
      expect(await paymentStatus(order.orderId)).toBe('partially_refunded');
    });

    it('that Stripe later fails give their amount back to what may be refunded', async () => {
      const order = await paidOrder();
      const refund = await t.database.db.transaction((tx) => recordRefund(tx, { orderId: order.orderId, amount: order.totalAmount, kind: 'full', reason: 'Late', actor: 'system' }));
      await settleCardRefund(t.database.db, t.deps.payments, refund);
      expect(await paymentStatus(order.orderId)).toBe('refunded');
      const [row] = await ledger(order.orderId);
      const failure = signedStripeEvent({
        secret,
        type: 'refund.updated',
        object: { id: row!.providerRef, object: 'refund', amount: order.totalAmount, payment_intent: order.intentId, status: 'failed', metadata: { refund_id: refund.id } },
      });
      expect((await deliver(failure)).status).toBe(200);
      expect(await ledger(order.orderId)).toEqual([{ id: refund.id, status: 'failed', providerRef: row!.providerRef }]);
      const payment = await paymentOf(t.database.db, order.orderId);
      expect(payment).toMatchObject({ status: 'paid', refundedAmount: 0 });
      expect(refundable(payment!)).toBe(order.totalAmount);
      // A later "succeeded" for the same refund (out of order) does not revive it.
      const stale = signedStripeEvent({
        secret,
        type: 'charge.refund.updated',
        object: { id: row!.providerRef, object: 'refund', amount: order.totalAmount, payment_intent: order.intentId, status: 'succeeded', metadata: { refund_id: refund.id } },
      });
      await deliver(stale);
      expect((await ledger(order.orderId))[0]!.status).toBe('failed');
      expect(await paymentStatus(order.orderId)).toBe('paid');
    });

    it('are found by their ledger id when the update comes before the refund answer was recorded', async () => {
      const order = await paidOrder();
      const refund = await t.database.db.transaction((tx) => recordRefund(tx, { orderId: order.orderId, amount: 200, kind: 'partial', reason: 'Missing item', actor: 'system' }));
      const update = signedStripeEvent({
        secret,
        type: 'refund.updated',
        object: { id: 're_early', object: 'refund', amount: 200, payment_intent: order.intentId, status: 'succeeded', metadata: { refund_id: refund.id } },
      });
      await deliver(update);
      expect(await ledger(order.orderId)).toEqual([{ id: refund.id, status: 'succeeded', providerRef: 're_early' }]);
    });

    it('that Stripe refuses are failed at once and what they held can be refunded again', async () => {
      const order = await paidOrder();
      stripe.failNext('POST', '/v1/refunds', { status: 400, error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
      const refund = await t.database.db.transaction((tx) => recordRefund(tx, { orderId: order.orderId, amount: order.totalAmount, kind: 'full', reason: 'Cancelled', actor: 'system' }));
      expect(await paymentStatus(order.orderId)).toBe('refunded');
      await expect(settleCardRefund(t.database.db, t.deps.payments, refund)).rejects.toBeInstanceOf(ProviderRefusedError);
      expect(await ledger(order.orderId)).toEqual([{ id: refund.id, status: 'failed', providerRef: null }]);
      const payment = await paymentOf(t.database.db, order.orderId);
      expect(payment).toMatchObject({ status: 'paid', refundedAmount: 0 });
      expect(refundable(payment!)).toBe(order.totalAmount);
    });

    it('whose answer is lost stay pending, for the webhook to settle', async () => {
      const order = await paidOrder();
      // Stripe's SDK retries a 5xx twice with the same key before giving up.
      stripe.failNext('POST', '/v1/refunds', { status: 503, error: { type: 'api_error', message: 'Service unavailable' } }, 3);
      const refund = await t.database.db.transaction((tx) => recordRefund(tx, { orderId: order.orderId, amount: 100, kind: 'partial', reason: 'Bruised', actor: 'system' }));
      await expect(settleCardRefund(t.database.db, t.deps.payments, refund)).rejects.not.toBeInstanceOf(ProviderRefusedError);
      expect(await ledger(order.orderId)).toEqual([{ id: refund.id, status: 'pending', providerRef: null }]);
      expect(await paymentStatus(order.orderId)).toBe('partially_refunded');
      const attempts = stripe.requestsTo('POST', '/v1/refunds').filter((request) => request.form.payment_intent === order.intentId);
      expect(new Set(attempts.map((attempt) => attempt.idempotencyKey))).toEqual(new Set([`refund-${refund.id}`]));
    });
  });
});
