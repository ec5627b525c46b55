import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createOrder, createOrderPeople, type OrderPeople } from '../../test/order-fixture';
import { startStripeStandIn, stripeTestEnv, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { attachCardIntent } from '../payments/payment-records';

describe.each(databaseKinds)('refunds by kind on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ kind, env: stripeTestEnv(stripe) });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /**
   * A delivered order paid in cash: 3 apples at $2.00 and 2 bananas at $0.50 ($7.00 of items, $0.58 of tax). Items
   * come back with their share of the tax, rounded down: 2 apples $4.00 + $0.33, 3 apples $6.00 + $0.49.
   */
  const deliveredOrder = () =>
    createOrder(t.database.db, {
      customerProfileId: people.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [
        { itemType: 'product', productId: f.products.apples.id, name: 'Apples', quantity: 3, unitPrice: 200 },
        { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 50 },
      ],
      status: 'delivered',
      driverProfileId: people.driver.profileId,
    });

  const refund = (who: { client: OrderPeople['admin']['client'] }, orderId: string, body: unknown) =>
    who.client.request(`/api/orders/${orderId}/refunds`, { method: 'POST', json: body });
  const ledger = (orderId: string) =>
    queryRows<{ amount: number; kind: string; lines: { orderLineId: string; quantity: number }[]; status: string }>(
      t.database.db,
      sql`select amount, kind, lines, status from refunds where order_id = ${orderId} order by created_at`,
    );

  it('prices a per-line refund on the server at what was paid for those units, and shows them refunded', async () => {
    const order = await deliveredOrder();
    const response = await refund(people.admin, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 2 }], reason: 'Bruised', amount: 1 });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Order;
    expect(body.refunds).toEqual([expect.objectContaining({ kind: 'line', amount: 433, reason: 'Bruised', status: 'succeeded' })]);
    expect(body.lines.map((line) => line.refundedQuantity)).toEqual([2, 0]);
    expect(body.refundableAmount).toBe(order.totalAmount - 433);
    expect(await ledger(order.id)).toEqual([{ amount: 433, kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 2 }], status: 'succeeded' }]);
  });

  it('refuses a line refund above what is left of the line, counting earlier refunds, and writes nothing', async () => {
    const order = await deliveredOrder();
    expect((await refund(people.support, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 2 }], reason: 'Bruised' })).status).toBe(201);
    const again = await refund(people.support, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 2 }], reason: 'Bruised again' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: expect.objectContaining({ fields: { 'lines.0.quantity': orderRefusals.refundQuantityTooHigh } }) });
    const unknown = await refund(people.support, order.id, { kind: 'line', lines: [{ orderLineId: crypto.randomUUID(), quantity: 1 }], reason: 'Bruised' });
    expect(unknown.status).toBe(400);
    expect(await ledger(order.id)).toHaveLength(1);
    // The last apple is still refundable.
    expect((await refund(people.support, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 1 }], reason: 'Bruised' })).status).toBe(201);
  });

  it('refunds everything still refundable in full, after which nothing more can be refunded', async () => {
    const order = await deliveredOrder();
    expect((await refund(people.admin, order.id, { kind: 'goodwill', amount: 150, reason: 'Late' })).status).toBe(201);
    const full = await refund(people.admin, order.id, { kind: 'full', reason: 'Wrong order' });
    expect(full.status).toBe(201);
    const body = (await full.json()) as Order;
    expect(body.refundableAmount).toBe(0);
    expect(body.payment.status).toBe('refunded');
    expect(body.lines.map((line) => line.refundedQuantity)).toEqual([3, 2]);
    expect((await ledger(order.id)).map((row) => [row.kind, row.amount])).toEqual([
      ['goodwill', 150],
      ['full', order.totalAmount - 150],
    ]);
    const more = await refund(people.admin, order.id, { kind: 'full', reason: 'Again' });
    expect(more.status).toBe(409);
    const line = await refund(people.admin, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[1], quantity: 1 }], reason: 'Again' });
    expect(line.status).toBe(400);
    expect(await ledger(order.id)).toHaveLength(2);
  });

  it('refuses a goodwill amount above what was paid less earlier refunds', async () => {
    const order = await deliveredOrder();
    expect((await refund(people.admin, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 3 }], reason: 'Bruised' })).status).toBe(201);
    const tooMuch = await refund(people.admin, order.id, { kind: 'goodwill', amount: order.totalAmount - 649 + 1, reason: 'Sorry' });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toEqual({ error: expect.objectContaining({ code: 'REFUND_TOO_LARGE' }) });
    expect((await refund(people.admin, order.id, { kind: 'goodwill', amount: order.totalAmount - 649, reason: 'Sorry' })).status).toBe(201);
  });

  it('always wants a reason, and a known kind', async () => {
    const order = await deliveredOrder();
    const noReason = await refund(people.admin, order.id, { kind: 'full', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ error: expect.objectContaining({ fields: expect.objectContaining({ reason: 'Reason is required' }) }) });
    expect((await refund(people.admin, order.id, { kind: 'partial', amount: 10, reason: 'x' })).status).toBe(400);
    expect(await ledger(order.id)).toEqual([]);
  });

  it('refuses an order with nothing paid yet (cash due on delivery)', async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id });
    expect((await refund(people.admin, order.id, { kind: 'full', reason: 'Cancelled by phone' })).status).toBe(409);
    expect((await refund(people.admin, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 1 }], reason: 'x' })).status).toBe(409);
  });

  it('sends a card refund to the payment provider with the ledger amount', async () => {
    const order = await createOrder(t.database.db, {
      customerProfileId: people.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      paymentMethod: 'card',
      paymentStatus: 'paid',
      lines: [{ itemType: 'product', productId: f.products.apples.id, name: 'Apples', quantity: 2, unitPrice: 300 }],
    });
    const intent = await t.deps.payments.createIntent({ amount: order.totalAmount, orderId: order.id, orderNumber: order.orderNumber, idempotencyKey: `order-${order.id}` });
    await attachCardIntent(t.database.db, { orderId: order.id, providerRef: intent.id, clientSecret: intent.clientSecret });

    const response = await refund(people.admin, order.id, { kind: 'line', lines: [{ orderLineId: order.lineIds[0], quantity: 1 }], reason: 'Bruised' });
    expect(response.status).toBe(201);
    const sent = stripe.requestsTo('POST', '/v1/refunds').filter((request) => request.form.payment_intent === intent.id);
    // $3.00 of apples and their share of the order's $0.50 of tax.
    expect(sent).toEqual([expect.objectContaining({ form: expect.objectContaining({ amount: '325', payment_intent: intent.id }) })]);
    expect(await ledger(order.id)).toEqual([expect.objectContaining({ amount: 325, kind: 'line', status: 'succeeded' })]);
  });
});
