import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnRequest } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, type FixtureOrder, type OrderPeople } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { returnRequests } from './returns.tables';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe.each(databaseKinds)('returns and refunds on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let p: OrderPeople;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    p = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A delivered, cash-paid order: bananas 4 × 50 and chicken 1 × 900 (subtotal 1100, service fee 22, tax 91: total 1213). */
  const delivered = (overrides: Partial<FixtureOrder> = {}) =>
    createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [
        { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 4, unitPrice: 50 },
        { itemType: 'product', productId: f.products.chicken.id, name: 'Chicken', quantity: 1, unitPrice: 900 },
      ],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
      ...overrides,
    });


  const askBack = (orderId: string, body: object, who = p.customer) => who.client.request(`/api/orders/${orderId}/returns`, { method: 'POST', json: body });
  const goodwill = (orderId: string, amount: number, who = p.support) =>
    who.client.request(`/api/orders/${orderId}/refunds`, { method: 'POST', json: { kind: 'goodwill', amount, reason: 'Late delivery' } });
  const decide = (id: string, decision: 'approve' | 'reject', note = '') =>
    p.support.client.request(`/api/returns/${id}/decision`, { method: 'POST', json: { decision, note } });
  // The ledger as stored, lines included.
  const ledger = (orderId: string) =>
    queryRows<{ amount: number; lines: { orderLineId: string; quantity: number }[] }>(t.database.db, sql`select amount, lines from refunds where order_id = ${orderId} order by created_at`);

  it('charges what the fixture says', async () => {
    expect((await delivered()).totalAmount).toBe(1213);
  });

  it('asks back picked lines for what was paid for them, and support approves: the ledger refunds those lines', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 3 }], reason: 'Bruised' }), 201);
    expect(request).toMatchObject({
      orderId: created.id,
      orderNumber: created.orderNumber,
      amount: 150,
      status: 'requested',
      reason: 'Bruised',
      photoUrl: null,
      decidedAt: null,
      lines: [{ orderLineId: created.lineIds[0], name: 'Bananas', quantity: 3, amount: 150 }],
    });
    const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(order).toMatchObject({ status: 'refund_requested', refundableAmount: 1213 - 150, returnRequests: [request] });
    expect(order.lines[0]!.refundedQuantity).toBe(3);
    expect(order.events.at(-1)).toMatchObject({ status: 'refund_requested', actor: 'customer', note: 'Bruised' });

    const queue = await expectJson<ReturnRequest[]>(await p.support.client.request('/api/returns?status=requested'));
    expect(queue.map((request) => request.id)).toContain(request.id);
    const decided = await expectJson<ReturnRequest>(await decide(request.id, 'approve', 'Sorry about that'));
    expect(decided).toMatchObject({ status: 'approved', decisionNote: 'Sorry about that', decidedAt: expect.any(String) });

    const after = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ status: 'refunded', payment: { status: 'partially_refunded', refundedAmount: 150 }, refundableAmount: 1063 });
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 150, kind: 'line', status: 'succeeded' })]);
    expect((await ledger(created.id))[0]!.lines).toEqual([{ orderLineId: created.lineIds[0], quantity: 3 }]);

    // A decision is made once.
    await expectError(await decide(request.id, 'reject'), 409, 'RETURN_ALREADY_DECIDED');
    expect(await ledger(created.id)).toHaveLength(1);
  });

  it('rejects with a note, and the order ends refund_rejected', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Not fresh' }), 201);
    const decided = await expectJson<ReturnRequest>(await decide(request.id, 'reject', 'Photo shows it sealed'));
    expect(decided.status).toBe('rejected');
    const after = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ status: 'refund_rejected', refunds: [] });
    expect(after.events.at(-1)).toMatchObject({ status: 'refund_rejected', actor: 'support', note: 'Photo shows it sealed' });
  });

  it('refuses lines not in the order, more units than received, orders not delivered, and other customers’ orders, writing nothing', async () => {
    const created = await delivered();
    const stranger = await delivered({ customerProfileId: p.otherCustomer.profileId });
    const unknown = await expectError(await askBack(created.id, { lines: [{ orderLineId: stranger.lineIds[0], quantity: 1 }], reason: 'x' }), 400, 'VALIDATION_FAILED');
    expect(unknown.fields).toEqual({ 'lines.0.orderLineId': orderRefusals.returnLineUnknown });
    const tooMany = await expectError(
      await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 3 }, { orderLineId: created.lineIds[0], quantity: 2 }], reason: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(tooMany.fields).toEqual({ 'lines.1.quantity': orderRefusals.returnQuantityTooHigh });
    await expectError(await askBack(created.id, { lines: [], reason: 'x' }), 400, 'VALIDATION_FAILED');
    await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: '' }), 400, 'VALIDATION_FAILED');
    await expectError(await askBack(stranger.id, { lines: [{ orderLineId: stranger.lineIds[0], quantity: 1 }], reason: 'x' }), 404, 'NOT_FOUND');

    const placed = await delivered({ status: 'placed' });
    await expectError(await askBack(placed.id, { lines: [{ orderLineId: placed.lineIds[0], quantity: 1 }], reason: 'x' }), 409, 'STATUS_NOT_ALLOWED');
    expect(await t.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, created.id))).toEqual([]);
  });

  it('never lets a return and goodwill refunds together exceed what was paid', async () => {
    const created = await delivered();
    // 1213 paid; 1100 given back as goodwill leaves 113.
    await expectJson<Order>(await goodwill(created.id, 1100), 201);
    // The chicken line (900) is more than what is left: refused, nothing written.
    const refused = await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Spoiled' }), 409, 'REFUND_TOO_LARGE');
    expect(refused.message).toBe(orderRefusals.refundTooLarge);
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 2 }], reason: 'Bruised' }), 201);
    expect(request.amount).toBe(100);
    expect((await expectJson<Order>(await p.support.client.request(`/api/orders/${created.id}`))).refundableAmount).toBe(13);
    // With 100 asked back, goodwill may give only the last 13.
    await expectError(await goodwill(created.id, 14), 409, 'REFUND_TOO_LARGE');
    await expectJson<Order>(await goodwill(created.id, 13), 201);
    await expectJson<ReturnRequest>(await decide(request.id, 'approve'));
    const after = await expectJson<Order>(await p.support.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ payment: { status: 'refunded', refundedAmount: 1213 }, refundableAmount: 0 });
    expect((await ledger(created.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(1213);
    await expectError(await goodwill(created.id, 1), 409, 'REFUND_TOO_LARGE');
  });

  it('refunds nothing before anything was paid, and only support and admins give goodwill', async () => {
    const placed = await delivered({ status: 'placed' });
    await expectError(await goodwill(placed.id, 100), 409, 'REFUND_TOO_LARGE');
    expect(await ledger(placed.id)).toEqual([]);
    const created = await delivered();
    await expectError(await goodwill(created.id, 100, p.customer), 403, 'FORBIDDEN');
    await expectError(await goodwill(created.id, 100, p.manager), 403, 'FORBIDDEN');
    const order = await expectJson<Order>(await goodwill(created.id, 100, p.admin), 201);
    expect(order.refunds).toEqual([expect.objectContaining({ kind: 'goodwill', amount: 100, reason: 'Late delivery' })]);
  });

  it('keeps the sum at or below what was paid under concurrent goodwill refunds', async () => {
    const created = await delivered();
    const statuses = await Promise.all(Array.from({ length: 8 }, () => goodwill(created.id, 400).then(async (response) => (await response.arrayBuffer(), response.status))));
    // 1213 paid: three refunds of 400 fit, a fourth does not.
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await ledger(created.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(1200);
  });

  it('keeps a photo whose bytes are the image it claims, for the customer and support only', async () => {
    const created = await delivered();
    const fake = await expectError(
      await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'x', photo: dataUrl('image/jpeg', png) }),
      400,
      'PHOTO_INVALID',
    );
    expect(fake.fields).toEqual({ photo: orderRefusals.photoInvalid });
    await expectError(
      await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'x', photo: 'data:image/gif;base64,R0lGODlh' }),
      400,
      'VALIDATION_FAILED',
    );
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'See photo', photo: dataUrl('image/png', png) }), 201);
    const photoUrl = request.photoUrl!;
    expect(photoUrl).toBe(`/api/returns/${request.id}/photo`);
    for (const who of [p.customer, p.support]) {
      const response = await who.client.request(photoUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    }
    await expectError(await p.otherCustomer.client.request(photoUrl), 404, 'NOT_FOUND');
    await expectError(await p.manager.client.request(photoUrl), 403, 'FORBIDDEN');
  });
});
