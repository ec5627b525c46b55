import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnQueuePage, ReturnRequest } from '@/shared/contracts/orders';
import { supportCopy } from '@/shared/copy';
import type { MailMessage, Mailer } from '../../providers/mail';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, type OrderPeople } from '../../test/order-fixture';
import { startStripeStandIn, stripeTestEnv, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { attachCardIntent } from '../payments/payment-records';

describe.each(databaseKinds)('a return refund the card provider refuses on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let p: OrderPeople;
  let stripe: StripeStandIn;
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    name: 'capture',
    async send(message) {
      mail.push(message);
    },
    async verify() {},
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ kind, env: stripeTestEnv(stripe), mailer });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    p = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** A delivered order paid by card, with a request asking back 3 of its 4 bananas. */
  async function requestedReturn() {
    const order = await createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      paymentMethod: 'card',
      paymentStatus: 'paid',
      lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 4, unitPrice: 50 }],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
    });
    const intent = await t.deps.payments.createIntent({ amount: order.totalAmount, orderId: order.id, orderNumber: order.orderNumber, idempotencyKey: `order-${order.id}` });
    await attachCardIntent(t.database.db, { orderId: order.id, providerRef: intent.id, clientSecret: intent.clientSecret });
    const asked = await p.customer.client.request(`/api/orders/${order.id}/returns`, {
      method: 'POST',
      json: { lines: [{ orderLineId: order.lineIds[0], quantity: 3 }], reason: 'Bruised' },
    });
    return { order, request: await expectJson<ReturnRequest>(asked, 201) };
  }

  const approve = (id: string) => p.support.client.request(`/api/returns/${id}/decision`, { method: 'POST', json: { decision: 'approve', note: 'Sorry about that' } });
  const customerView = (orderId: string) => p.customer.client.request(`/api/orders/${orderId}`).then((response) => expectJson<Order>(response));

  it('leaves the order under review and the request open for support, and tells the customer nothing was refunded', async () => {
    const { order, request } = await requestedReturn();
    stripe.failNext('POST', '/v1/refunds', { status: 400, error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' } });

    const refused = await expectError(await approve(request.id), 409, 'REFUND_REFUSED');
    expect(refused.message).toBe(supportCopy.refusals.refundRefused);

    const seen = await customerView(order.id);
    expect(seen).toMatchObject({ status: 'refund_requested', payment: { status: 'paid', refundedAmount: 0 } });
    expect(seen.refunds).toEqual([expect.objectContaining({ amount: request.amount, status: 'failed' })]);
    expect(seen.returnRequests).toEqual([expect.objectContaining({ id: request.id, status: 'requested', refundedAmount: null, decidedAt: null })]);
    expect(seen.events.map((event) => event.status)).not.toContain('refunded');
    // The mail saying money is on its way never goes out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.filter((message) => message.text.includes(order.orderNumber))).toEqual([]);

    const queue = await expectJson<ReturnQueuePage>(await p.support.client.request('/api/returns?status=requested&pageSize=100'));
    expect(queue.returns.map((entry) => entry.id)).toContain(request.id);

    // Support tries again once the provider takes it: the order is refunded, once.
    const approved = await expectJson<ReturnRequest>(await approve(request.id));
    expect(approved).toMatchObject({ status: 'approved', refundedAmount: request.amount });
    const after = await customerView(order.id);
    expect(after).toMatchObject({ status: 'refunded', payment: { status: 'partially_refunded', refundedAmount: request.amount } });
    expect(after.refunds.map((refund) => refund.status)).toEqual(['failed', 'succeeded']);
  });
});
