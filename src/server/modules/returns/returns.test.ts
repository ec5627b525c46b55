import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList, ReturnQueuePage, ReturnRequest } from '@/shared/contracts/orders';
import { orderRefusals, orderStatusLabel, supportCopy } from '@/shared/copy';
import { mostReturnable, unitsLeftToReturn } from '@/shared/returned-units';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, moveTestOrder, type FixtureOrder, type OrderPeople } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { setPaymentStatus } from '../payments/payment-records';
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

  /**
   * A delivered, cash-paid order: bananas 4 × 50 and chicken 1 × 900 (subtotal 1100, service fee 22, tax 91: total 1213).
   * Items come back with their share of the tax, rounded down: 3 bananas 150 + 12, 4 bananas 200 + 16,
   * 2 bananas 100 + 8, the chicken 900 + 74.
   */
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
  const decide = (id: string, decision: 'approve' | 'reject', note = decision === 'reject' ? 'Not eligible' : '', amount?: number) =>
    p.support.client.request(`/api/returns/${id}/decision`, { method: 'POST', json: { decision, note, amount } });
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
      amount: 162,
      status: 'requested',
      reason: 'Bruised',
      photoUrl: null,
      decidedAt: null,
      lines: [{ orderLineId: created.lineIds[0], name: 'Bananas', quantity: 3, amount: 150 }],
      // The warehouse's zone, in which the order page shows the order's times.
      timeZone: 'America/Chicago',
    });
    const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(order).toMatchObject({ status: 'refund_requested', refundableAmount: 1213 - 162, returnRequests: [request] });
    expect(order.lines[0]!.refundedQuantity).toBe(3);
    expect(order.events.at(-1)).toMatchObject({ status: 'refund_requested', actor: 'customer', note: 'Bruised' });

    const queue = await expectJson<ReturnQueuePage>(await p.support.client.request('/api/returns?status=requested&pageSize=100'));
    expect(queue.returns.find((entry) => entry.id === request.id)).toMatchObject({
      customer: { profileId: p.customer.profileId, email: p.customer.email },
      maxRefund: 162,
      refundedAmount: null,
      timeZone: 'America/Chicago',
    });
    const decided = await expectJson<ReturnRequest>(await decide(request.id, 'approve', 'Sorry about that'));
    expect(decided).toMatchObject({ status: 'approved', refundedAmount: 162, decisionNote: 'Sorry about that', decidedAt: expect.any(String), timeZone: 'America/Chicago' });

    const after = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ status: 'refunded', payment: { status: 'partially_refunded', refundedAmount: 162 }, refundableAmount: 1051 });
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 162, kind: 'line', status: 'succeeded' })]);
    expect((await ledger(created.id))[0]!.lines).toEqual([{ orderLineId: created.lineIds[0], quantity: 3 }]);

    // A decision is made once.
    await expectError(await decide(request.id, 'reject'), 409, 'RETURN_ALREADY_DECIDED');
    expect(await ledger(created.id)).toHaveLength(1);
  });

  it('after a partial refund the rest can still be returned, and a fully refunded order takes no more', async () => {
    const created = await delivered();
    const summaryOf = async (orderId: string) =>
      (await expectJson<OrderList>(await p.customer.client.request('/api/orders?limit=50'))).orders.find(
        (order) => order.id === orderId,
      );
    expect(await summaryOf(created.id)).toMatchObject({ status: 'delivered', returnable: true, returnableAfterReview: false });
    const bananas = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 4 }], reason: 'Bruised' }), 201);
    // Under review, the list says the chicken will still be left to return once support approves.
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refund_requested', returnable: false, returnableAfterReview: true });
    expect(await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`))).toMatchObject({ status: 'refund_requested', returnableAfterReview: true });
    await expectJson(await decide(bananas.id, 'approve', '', 150));

    const partly = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(partly).toMatchObject({ status: 'refunded', returnable: true, refundableAmount: 1213 - 150, actions: { requestReturn: true } });
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refunded', returnable: true });
    // Bananas refunded are not asked twice; the chicken still is returnable.
    const twice = await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'Bruised' }), 400, 'VALIDATION_FAILED');
    expect(twice.fields).toEqual({ 'lines.0.quantity': orderRefusals.returnQuantityTooHigh });
    const chicken = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Spoiled' }), 201);
    expect(chicken.amount).toBe(974);
    expect(await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`))).toMatchObject({ status: 'refund_requested', returnable: false, returnableAfterReview: false, actions: { requestReturn: false } });
    // This request asks back everything still left: nothing will be once it is approved.
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refund_requested', returnable: false, returnableAfterReview: false });
    await expectJson(await decide(chicken.id, 'approve'));

    const fully = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(fully).toMatchObject({ status: 'refunded', returnable: false, payment: { refundedAmount: 150 + 974 }, actions: { requestReturn: false } });
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refunded', returnable: false });
    await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Spoiled' }), 400, 'VALIDATION_FAILED');
  });

  it('gives back every item with its tax and keeps the fees: the request, the queue and the order agree, and the order reads as its payment', async () => {
    const created = await delivered();
    const summaryOf = async (orderId: string) =>
      (await expectJson<OrderList>(await p.customer.client.request('/api/orders?limit=50'))).orders.find((order) => order.id === orderId);
    const before = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    const everything = before.lines.map((line) => ({ line, units: unitsLeftToReturn(line) }));
    // 1100 of items and all 91 of tax; the 22 of service fee paid for the delivery, which took place.
    expect(mostReturnable(before.lines, before.totals, before.refundableAmount)).toBe(1191);
    const asked = await expectJson<ReturnRequest>(
      await askBack(created.id, { lines: everything.map(({ line, units }) => ({ orderLineId: line.id, quantity: units })), reason: 'Spoiled' }),
      201,
    );
    expect(asked.amount).toBe(1191);
    const queue = await expectJson<ReturnQueuePage>(await p.support.client.request(`/api/returns?status=requested&q=${created.orderNumber}`));
    expect(queue.returns).toEqual([expect.objectContaining({ id: asked.id, amount: 1191, maxRefund: 1191 })]);
    await expectJson(await decide(asked.id, 'approve'));

    // Nothing is left to return, but the fees were kept: the order reads "Partially refunded", as its payment does.
    const returned = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(returned).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: true, payment: { status: 'partially_refunded', refundedAmount: 1191 }, refundableAmount: 22 });
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: true });
    expect(orderStatusLabel(returned.status, returned.partlyRefunded)).toBe('Partially refunded');

    // Support refunds the rest: now everything paid came back, and the order reads "Refunded".
    await expectJson(await p.support.client.request(`/api/orders/${created.id}/refunds`, { method: 'POST', json: { kind: 'full', reason: 'Fees too' } }), 201);
    const whole = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(whole).toMatchObject({ status: 'refunded', partlyRefunded: false, payment: { status: 'refunded', refundedAmount: 1213 } });
    expect(await summaryOf(created.id)).toMatchObject({ status: 'refunded', partlyRefunded: false });
    expect(orderStatusLabel(whole.status, whole.partlyRefunded)).toBe('Refunded');
  });

  it('caps a further return at what was paid less every earlier refund', async () => {
    const created = await delivered();
    const bananas = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 4 }], reason: 'Bruised' }), 201);
    await expectJson(await decide(bananas.id, 'approve'));
    // 1213 paid, 216 refunded for the bananas and 900 as goodwill: 97 left, less than the chicken's 974.
    await expectJson<Order>(await goodwill(created.id, 900), 201);
    await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Spoiled' }), 409, 'REFUND_TOO_LARGE');
    expect(await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`))).toMatchObject({ status: 'refunded', returnable: true, refundableAmount: 97 });
    await expectJson<Order>(await goodwill(created.id, 97), 201);
    expect(await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`))).toMatchObject({ returnable: false, actions: { requestReturn: false } });
  });

  it('never takes back units the picker refunded, and takes a substitute back at what was paid for it', async () => {
    // Cash on delivery: the picker refunds one of two chickens and replaces two of three apples with bananas.
    const created = await createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [
        { itemType: 'product', productId: f.products.chicken.id, name: 'Chicken', quantity: 2, unitPrice: 900, substitution: 'refund' },
        { itemType: 'product', productId: f.products.apples.id, name: 'Apples', quantity: 3, unitPrice: 199 },
      ],
      status: 'processing',
    });
    const [chicken, apples] = created.lineIds;
    const pick = (lineId: string, body: object) => p.manager.client.request(`/api/orders/${created.id}/lines/${lineId}/unavailable`, { method: 'POST', json: body });
    await expectJson<Order>(await pick(chicken!, { quantity: 1, resolution: 'refund' }));
    const picked = await expectJson<Order>(await pick(apples!, { quantity: 2, resolution: 'replace', substituteProductId: f.products.bananas.id }));
    const banana = picked.lines[1]!.fulfilment.substitute!.unitPrice;
    expect(banana).toBeLessThan(199);
    // Delivered, and the lowered amount collected at the door.
    await moveTestOrder(t.database.db, created.id, 'ready');
    await moveTestOrder(t.database.db, created.id, 'out_for_delivery', p.driver.profileId);
    await moveTestOrder(t.database.db, created.id, 'delivered');
    await setPaymentStatus(t.database.db, { orderId: created.id, status: 'paid' });
    const { totals } = picked;
    const taxOn = (items: number) => Math.floor((totals.taxAmount * items) / totals.subtotal);

    // One chicken was delivered: the refunded one cannot be asked for.
    const both = await expectError(await askBack(created.id, { lines: [{ orderLineId: chicken!, quantity: 2 }], reason: 'Spoiled' }), 400, 'VALIDATION_FAILED');
    expect(both.fields).toEqual({ 'lines.0.quantity': orderRefusals.returnQuantityTooHigh });
    // The bananas come back first, at their price, then the apple.
    const first = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: apples!, quantity: 1 }], reason: 'Bruised' }), 201);
    expect(first).toMatchObject({ amount: banana + taxOn(banana), lines: [{ quantity: 1, amount: banana }] });
    await expectJson(await decide(first.id, 'approve'));
    const rest = await expectJson<ReturnRequest>(
      await askBack(created.id, { lines: [{ orderLineId: apples!, quantity: 2 }, { orderLineId: chicken!, quantity: 1 }], reason: 'Bruised' }),
      201,
    );
    expect(rest.lines.map((line) => line.amount)).toEqual([banana + 199, 900]);
    expect(rest.amount).toBe(banana + 199 + 900 + taxOn(banana + 199 + 900));
    // Everything delivered is asked back, and no more than the order charged for it.
    const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(order).toMatchObject({ returnable: false, actions: { requestReturn: false } });
    expect(first.amount + rest.amount).toBeLessThanOrEqual(totals.subtotal + totals.taxAmount);
    expect(order.refundableAmount).toBe(totals.totalAmount - first.amount - rest.amount);
  });

  it("lists a customer's own requests, newest first, with their status and decision, and nobody else's", async () => {
    const first = await delivered({ customerProfileId: p.otherCustomer.profileId });
    const second = await delivered({ customerProfileId: p.otherCustomer.profileId });
    const older = await expectJson<ReturnRequest>(await askBack(first.id, { lines: [{ orderLineId: first.lineIds[1], quantity: 1 }], reason: 'Spoiled' }, p.otherCustomer), 201);
    const newer = await expectJson<ReturnRequest>(await askBack(second.id, { lines: [{ orderLineId: second.lineIds[0], quantity: 2 }], reason: 'Bruised' }, p.otherCustomer), 201);
    await expectJson(await decide(older.id, 'reject', 'Photo shows it was fine'));

    const mine = await expectJson<{ returns: ReturnRequest[] }>(await p.otherCustomer.client.request('/api/returns/mine'));
    expect(mine.returns.map((request) => request.id)).toEqual([newer.id, older.id]);
    expect(mine.returns[0]).toMatchObject({ orderNumber: second.orderNumber, status: 'requested', amount: 108, lines: [{ name: 'Bananas', quantity: 2, amount: 100 }], timeZone: 'America/Chicago' });
    expect(mine.returns[1]).toMatchObject({ orderNumber: first.orderNumber, status: 'rejected', decisionNote: 'Photo shows it was fine' });

    const others = await expectJson<{ returns: ReturnRequest[] }>(await p.customer.client.request('/api/returns/mine'));
    expect(others.returns.map((request) => request.id)).not.toContain(newer.id);
    await expectError(await p.support.client.request('/api/returns/mine'), 403, 'FORBIDDEN');
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

  // What the audit log holds about a return request.
  const auditOf = (entityId: string) =>
    queryRows<{ action: string; actorRole: string; summary: string; after: unknown }>(
      t.database.db,
      sql`select action, actor_role as "actorRole", summary, after from audit_log where entity_id = ${entityId} order by created_at`,
    );

  it('approves a smaller amount than asked: the ledger, the order and the audit log say so', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Leaking pack' }), 201);
    expect(request.amount).toBe(974);
    const decided = await expectJson<ReturnRequest>(await decide(request.id, 'approve', 'Half, as the pack was partly usable', 450));
    expect(decided).toMatchObject({ status: 'approved', amount: 974, refundedAmount: 450 });
    const after = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ status: 'refunded', payment: { status: 'partially_refunded', refundedAmount: 450 }, refundableAmount: 1213 - 450 });
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 450, kind: 'line' })]);
    expect(after.returnRequests[0]).toMatchObject({ refundedAmount: 450, decisionNote: 'Half, as the pack was partly usable' });
    expect(await auditOf(request.id)).toEqual([
      expect.objectContaining({ action: 'return.approved', actorRole: 'support', after: { status: 'approved', refundedAmount: 450, note: 'Half, as the pack was partly usable' } }),
    ]);
    expect((await auditOf(created.id)).map((entry) => entry.action)).toContain('refund.recorded');
  });

  it('never approves more than was asked, and never more than what was paid less earlier refunds', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 4 }], reason: 'Bruised' }), 201);
    const above = await expectError(await decide(request.id, 'approve', '', 217), 400, 'VALIDATION_FAILED');
    expect(above.fields).toEqual({ amount: supportCopy.refusals.amountAboveRequest });
    await expectError(await decide(request.id, 'approve', '', 0), 400, 'VALIDATION_FAILED');
    await expectError(await decide(request.id, 'reject', 'No', 100), 400, 'VALIDATION_FAILED');
    expect(await ledger(created.id)).toEqual([]);
    expect(await auditOf(request.id)).toEqual([]);
    // 1213 paid, 216 asked back: goodwill may give the other 997, and not a cent of what the request holds.
    await expectError(await goodwill(created.id, 998), 409, 'REFUND_TOO_LARGE');
    await expectJson<Order>(await goodwill(created.id, 997), 201);
    const queue = await expectJson<ReturnQueuePage>(await p.support.client.request(`/api/returns?q=${created.orderNumber}`));
    expect(queue.returns).toEqual([expect.objectContaining({ id: request.id, maxRefund: 216 })]);
    await expectJson<ReturnRequest>(await decide(request.id, 'approve', '', 216));
    const after = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(after).toMatchObject({ payment: { status: 'refunded', refundedAmount: 1213 }, refundableAmount: 0 });
    expect((await ledger(created.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(1213);
  });

  it('rejects only with a reason, which the customer reads on their order', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'Bruised' }), 201);
    const bare = await expectError(await decide(request.id, 'reject', ''), 400, 'VALIDATION_FAILED');
    expect(bare.fields).toEqual({ note: supportCopy.refusals.reasonRequired });
    await expectJson<ReturnRequest>(await decide(request.id, 'reject', 'Bananas ripen after delivery; they were fine'));
    const seen = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}`));
    expect(seen.returnRequests[0]).toMatchObject({ status: 'rejected', decisionNote: 'Bananas ripen after delivery; they were fine', refundedAmount: null });
    expect(await auditOf(request.id)).toEqual([expect.objectContaining({ action: 'return.rejected', actorRole: 'support' })]);
  });

  it('lets only support decide: admins, managers and customers are refused and nothing changes', async () => {
    const created = await delivered();
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'Bruised' }), 201);
    for (const who of [p.admin, p.manager, p.customer, p.driver]) {
      await expectError(await who.client.request(`/api/returns/${request.id}/decision`, { method: 'POST', json: { decision: 'approve' } }), 403, 'FORBIDDEN');
    }
    await expectError(await p.customer.client.request('/api/returns'), 403, 'FORBIDDEN');
    expect(await ledger(created.id)).toEqual([]);
    expect(await auditOf(request.id)).toEqual([]);
  });

  it('lists the queue newest first, searched by order number, email or name, filtered by status and paged', async () => {
    const first = await delivered({ customerProfileId: p.otherCustomer.profileId });
    const second = await delivered({ customerProfileId: p.otherCustomer.profileId });
    const older = await expectJson<ReturnRequest>(await askBack(first.id, { lines: [{ orderLineId: first.lineIds[0], quantity: 1 }], reason: 'Bruised' }, p.otherCustomer), 201);
    const newer = await expectJson<ReturnRequest>(await askBack(second.id, { lines: [{ orderLineId: second.lineIds[0], quantity: 1 }], reason: 'Bruised' }, p.otherCustomer), 201);
    const byEmail = await expectJson<ReturnQueuePage>(await p.support.client.request(`/api/returns?q=${encodeURIComponent(p.otherCustomer.email)}&pageSize=100`));
    expect(byEmail.returns.every((entry) => entry.customer.email === p.otherCustomer.email)).toBe(true);
    const ids = byEmail.returns.map((entry) => entry.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    const byNumber = await expectJson<ReturnQueuePage>(await p.support.client.request(`/api/returns?q=${first.orderNumber.slice(-6)}`));
    expect(byNumber.returns.map((entry) => entry.id)).toContain(older.id);
    await expectJson<ReturnRequest>(await decide(older.id, 'reject'));
    const open = await expectJson<ReturnQueuePage>(await p.support.client.request(`/api/returns?status=requested&pageSize=100`));
    expect(open.returns.every((entry) => entry.status === 'requested')).toBe(true);
    expect(open.returns.map((entry) => entry.id)).not.toContain(older.id);
    const pageOne = await expectJson<ReturnQueuePage>(await p.admin.client.request('/api/returns?pageSize=1'));
    const pageTwo = await expectJson<ReturnQueuePage>(await p.admin.client.request('/api/returns?pageSize=1&page=2'));
    expect(pageOne.returns).toHaveLength(1);
    expect(pageTwo.returns).toHaveLength(1);
    expect(pageOne.total).toBeGreaterThanOrEqual(2);
    expect(pageOne.returns[0]!.id).not.toBe(pageTwo.returns[0]!.id);
    await expectError(await p.support.client.request('/api/returns?status=lost'), 400, 'VALIDATION_FAILED');
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
    // The chicken line (974 with its tax) is more than what is left: refused, nothing written.
    const refused = await expectError(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[1], quantity: 1 }], reason: 'Spoiled' }), 409, 'REFUND_TOO_LARGE');
    expect(refused.message).toBe(orderRefusals.refundTooLarge);
    const request = await expectJson<ReturnRequest>(await askBack(created.id, { lines: [{ orderLineId: created.lineIds[0], quantity: 2 }], reason: 'Bruised' }), 201);
    expect(request.amount).toBe(108);
    expect((await expectJson<Order>(await p.support.client.request(`/api/orders/${created.id}`))).refundableAmount).toBe(5);
    // With 108 asked back, goodwill may give only the last 5.
    await expectError(await goodwill(created.id, 6), 409, 'REFUND_TOO_LARGE');
    await expectJson<Order>(await goodwill(created.id, 5), 201);
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
