import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import type { ProductDetail } from '@/shared/contracts/catalog';
import type { Order, OrderList, ReorderResult } from '@/shared/contracts/orders';
import type { StaffOrderPage } from '@/shared/contracts/staff';
import { orderRefusals } from '@/shared/copy';
import type { OrderStatus } from '@/shared/order-status';
import { attachCardIntent, paymentOf } from '../payments/payment-records';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, type FixtureOrder, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import type { PaymentProvider } from '../../providers/payments';
import { driverPositions, orderItems, slotBookings } from './orders.tables';

describe.each(databaseKinds)('orders after placement on %s', (kind) => {
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

  const grocery = (overrides: Partial<FixtureOrder> = {}) =>
    createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [
        { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 3, unitPrice: 49 },
        { itemType: 'product', productId: f.products.chicken.id, name: 'Chicken', quantity: 1, unitPrice: 899 },
      ],
      ...overrides,
    });

  const kitchenOrder = (overrides: Partial<FixtureOrder> = {}) =>
    createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      cloudKitchenId: f.kitchenId,
      lines: [{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, name: 'Brisket Tacos', quantity: 2, unitPrice: 1299 }],
      ...overrides,
    });


  const move = (who: Person, orderId: string, body: object) => who.client.request(`/api/orders/${orderId}/status`, { method: 'POST', json: body });
  const read = (who: Person, orderId: string) => who.client.request(`/api/orders/${orderId}`);

  /** The Austin shelf's stock, as the catalog shows it. */
  async function stockOf(productId: string): Promise<number> {
    const product = await expectJson<ProductDetail>(await t.request(`/api/products/${productId}?warehouseId=${f.warehouses.austin.id}`));
    return product.stockQuantity;
  }

  describe('reading', () => {
    it('shows the customer their order with its code, lines, totals, timeline and actions', async () => {
      const created = await grocery({ deliveryCode: '4821', tip: 300 });
      const order = await expectJson<Order>(await read(p.customer, created.id));
      expect(order).toMatchObject({
        id: created.id,
        orderNumber: created.orderNumber,
        status: 'placed',
        type: 'grocery',
        deliveryCode: '4821',
        itemCount: 4,
        sourceName: 'Austin',
        source: { kind: 'warehouse', id: f.warehouses.austin.id, name: 'Austin' },
        totals: { subtotal: 1046, tip: 300, totalAmount: created.totalAmount },
        payment: { method: 'cash_on_delivery', status: 'due_on_delivery', refundedAmount: 0, clientSecret: null },
        refundableAmount: 0,
        actions: { cancel: true, reorder: true, requestReturn: false, rate: false, transitions: [], assignDriver: false },
      });
      expect(order.lines.map((line) => [line.name, line.quantity, line.unitPrice])).toEqual([
        ['Bananas', 3, 49],
        ['Chicken', 1, 899],
      ]);
      expect(order.events).toEqual([expect.objectContaining({ status: 'placed', actor: 'system' })]);
    });

    it('counts the units an order brings: those missing at picking and refunded drop out, a substitute still counts', async () => {
      const customer = p.customer;
      const created = await grocery({ status: 'processing', placedAt: new Date() });
      // 3 bananas, 1 of them replaced; the 1 chicken breast missing and refunded.
      await t.database.db.update(orderItems).set({ fulfilment: 'substituted', unavailableQuantity: 1, substituteName: 'Gala Apples', substituteUnitPrice: 40 }).where(eq(orderItems.id, created.lineIds[0]!));
      await t.database.db.update(orderItems).set({ fulfilment: 'refunded', unavailableQuantity: 1 }).where(eq(orderItems.id, created.lineIds[1]!));
      expect((await expectJson<Order>(await read(customer, created.id))).itemCount).toBe(3);
      const list = await expectJson<OrderList>(await customer.client.request('/api/orders?limit=50'));
      expect(list.orders.find((order) => order.id === created.id)?.itemCount).toBe(3);
      const queue = await expectJson<StaffOrderPage>(await p.manager.client.request('/api/staff/orders?view=all&pageSize=100'));
      expect(queue.orders.find((order) => order.id === created.id)?.itemCount).toBe(3);
    });

    it("answers 404 to another customer and to staff of another warehouse or kitchen, and hides the code from staff", async () => {
      const created = await grocery();
      await expectError(await read(p.otherCustomer, created.id), 404, 'NOT_FOUND');
      await expectError(await read(p.otherManager, created.id), 404, 'NOT_FOUND');
      await expectError(await read(p.kitchenOwner, created.id), 404, 'NOT_FOUND');
      await expectError(await read(p.driver, created.id), 404, 'NOT_FOUND');
      for (const staff of [p.manager, p.support, p.admin]) {
        const order = await expectJson<Order>(await read(staff, created.id));
        expect(order.deliveryCode).toBeNull();
      }
      const manager = await expectJson<Order>(await read(p.manager, created.id));
      expect(manager.actions).toMatchObject({ cancel: false, reorder: false, transitions: ['confirmed'], assignDriver: false });
      const support = await expectJson<Order>(await read(p.support, created.id));
      expect(support.actions).toMatchObject({ cancel: true, transitions: [] });
    });

    it('lists only the customer’s own orders, newest first, page by page, and the active ones alone', async () => {
      const customer = p.otherCustomer;
      const base = Date.now() - 60 * 60_000;
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const created = await grocery({ customerProfileId: customer.profileId, placedAt: new Date(base + index * 60_000), status: index === 0 ? 'cancelled' : 'placed' });
        ids.push(created.id);
      }
      await grocery({ placedAt: new Date(base + 10 * 60_000) }); // someone else's
      const first = await expectJson<OrderList>(await customer.client.request('/api/orders?limit=2'));
      expect(first.orders.map((order) => order.id)).toEqual([ids[4], ids[3]]);
      expect(first.orders[0]).toMatchObject({ itemCount: 4, status: 'placed', sourceName: 'Austin', timeZone: 'America/Chicago' });
      const second = await expectJson<OrderList>(await customer.client.request(`/api/orders?limit=2&cursor=${first.nextCursor}`));
      expect(second.orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
      const third = await expectJson<OrderList>(await customer.client.request(`/api/orders?limit=2&cursor=${second.nextCursor}`));
      expect(third).toEqual({ orders: [expect.objectContaining({ id: ids[0], status: 'cancelled' })], nextCursor: null });
      const active = await expectJson<OrderList>(await customer.client.request('/api/orders?active=true&limit=50'));
      expect(active.orders.map((order) => order.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
      await expectError(await customer.client.request('/api/orders?cursor=bm90LWFuLWlk'), 400, 'VALIDATION_FAILED');
    });

    it("gives staff their warehouses and kitchens in the profile, for the web's action rules", async () => {
      const manager = await expectJson<Profile>(await p.manager.client.request('/api/profile'));
      expect(manager).toMatchObject({ warehouseIds: [f.warehouses.austin.id], kitchenIds: [] });
      const owner = await expectJson<Profile>(await p.kitchenOwner.client.request('/api/profile'));
      expect(owner).toMatchObject({ warehouseIds: [], kitchenIds: [f.kitchenId], kitchenId: f.kitchenId });
    });
  });

  describe('the status machine, per role', () => {
    it('walks a grocery order: manager confirms and processes and assigns, the assigned driver takes it out and delivers with the code', async () => {
      const created = await grocery({ deliveryCode: '1234' });
      // placed → confirmed: only the manager of its warehouse.
      await expectError(await move(p.customer, created.id, { status: 'confirmed' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.otherCustomer, created.id, { status: 'confirmed' }), 404, 'NOT_FOUND');
      await expectError(await move(p.otherManager, created.id, { status: 'confirmed' }), 404, 'NOT_FOUND');
      await expectError(await move(p.kitchenOwner, created.id, { status: 'confirmed' }), 404, 'NOT_FOUND');
      await expectError(await move(p.driver, created.id, { status: 'confirmed' }), 404, 'NOT_FOUND');
      await expectError(await move(p.support, created.id, { status: 'confirmed' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.admin, created.id, { status: 'confirmed' }), 409, 'STATUS_NOT_ALLOWED');
      // Skipping a step is refused too.
      await expectError(await move(p.manager, created.id, { status: 'processing' }), 409, 'STATUS_NOT_ALLOWED');
      let order = await expectJson<Order>(await move(p.manager, created.id, { status: 'confirmed', note: 'On it' }));
      expect(order.status).toBe('confirmed');
      expect(order.events.at(-1)).toMatchObject({ status: 'confirmed', actor: 'manager', note: 'On it' });

      // Assigning: the manager of its warehouse, a driver of that warehouse.
      await expectError(await p.otherManager.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: p.driver.profileId } }), 404, 'NOT_FOUND');
      await expectError(await p.support.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: p.driver.profileId } }), 409, 'STATUS_NOT_ALLOWED');
      const notDriver = await expectError(
        await p.manager.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: p.customer.profileId } }),
        400,
        'NOT_A_DRIVER',
      );
      expect(notDriver.fields).toEqual({ driverProfileId: orderRefusals.notADriver });

      order = await expectJson<Order>(await move(p.manager, created.id, { status: 'processing' }));
      // No driver yet: nobody can take it out.
      await expectError(await move(p.manager, created.id, { status: 'out_for_delivery' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.driver, created.id, { status: 'out_for_delivery' }), 404, 'NOT_FOUND');

      order = await expectJson<Order>(await p.manager.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: p.driver.profileId } }));
      expect(order.driver).toEqual({ profileId: p.driver.profileId, firstName: 'Dee' });
      expect(order.events.at(-1)).toMatchObject({ status: 'processing', actor: 'manager', note: 'Driver assigned: Dee' });

      // Picked and packed: the manager marks it ready; the driver cannot skip that step.
      await expectError(await move(p.driver, created.id, { status: 'out_for_delivery' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.driver, created.id, { status: 'ready' }), 409, 'STATUS_NOT_ALLOWED');
      order = await expectJson<Order>(await move(p.manager, created.id, { status: 'ready' }));
      expect(order.status).toBe('ready');

      // ready → out_for_delivery: the assigned driver only.
      await expectError(await move(p.otherDriver, created.id, { status: 'out_for_delivery' }), 404, 'NOT_FOUND');
      await expectError(await move(p.manager, created.id, { status: 'out_for_delivery' }), 409, 'STATUS_NOT_ALLOWED');
      const driverView = await expectJson<Order>(await read(p.driver, created.id));
      expect(driverView).toMatchObject({ deliveryCode: null, actions: { transitions: ['out_for_delivery'] } });
      order = await expectJson<Order>(await move(p.driver, created.id, { status: 'out_for_delivery' }));
      expect(order.status).toBe('out_for_delivery');
      // Out for delivery, the driver is no longer reassigned.
      await expectError(await p.manager.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: p.otherDriver.profileId } }), 409, 'STATUS_NOT_ALLOWED');
      await t.database.db.insert(driverPositions).values({ orderId: created.id, driverProfileId: p.driver.profileId, latitude: 30.27, longitude: -97.74 });

      // delivered: the code is required and must match.
      const missing = await expectError(await move(p.driver, created.id, { status: 'delivered' }), 400, 'VALIDATION_FAILED');
      expect(missing.fields).toEqual({ deliveryCode: orderRefusals.deliveryCodeRequired });
      const wrong = await expectError(await move(p.driver, created.id, { status: 'delivered', deliveryCode: '9999' }), 400, 'DELIVERY_CODE_WRONG');
      expect(wrong.fields).toEqual({ deliveryCode: orderRefusals.deliveryCodeWrong });
      await expectError(await move(p.otherDriver, created.id, { status: 'delivered', deliveryCode: '1234' }), 404, 'NOT_FOUND');
      order = await expectJson<Order>(await move(p.driver, created.id, { status: 'delivered', deliveryCode: '1234', note: 'Left with the doorman' }));
      expect(order).toMatchObject({ status: 'delivered', proofOfDeliveryNote: 'Left with the doorman', payment: { status: 'paid' } });
      expect(await t.database.db.select().from(driverPositions).where(eq(driverPositions.orderId, created.id))).toEqual([]);
      expect(order.events.map((event) => [event.status, event.actor])).toEqual([
        ['placed', 'system'],
        ['confirmed', 'manager'],
        ['processing', 'manager'],
        ['processing', 'manager'],
        ['ready', 'manager'],
        ['out_for_delivery', 'driver'],
        ['delivered', 'driver'],
      ]);
      // The customer may now ask for a refund and rate; nobody moves it on through this endpoint.
      const customerView = await expectJson<Order>(await read(p.customer, created.id));
      expect(customerView.actions).toMatchObject({ cancel: false, requestReturn: true, rate: true, transitions: [] });
      await expectError(await move(p.support, created.id, { status: 'refunded' }), 409, 'STATUS_NOT_ALLOWED');
    });

    it('walks a kitchen order: its owner confirms, prepares and marks it ready; the warehouse manager sees it but does not cook it', async () => {
      const created = await kitchenOrder({ driverProfileId: p.driver.profileId });
      await expectError(await move(p.otherKitchenOwner, created.id, { status: 'confirmed' }), 404, 'NOT_FOUND');
      await expectError(await move(p.manager, created.id, { status: 'confirmed' }), 409, 'STATUS_NOT_ALLOWED');
      await expectJson<Order>(await move(p.kitchenOwner, created.id, { status: 'confirmed' }));
      await expectJson<Order>(await move(p.kitchenOwner, created.id, { status: 'processing' }));
      // A kitchen order is ready before it goes out.
      await expectError(await move(p.driver, created.id, { status: 'out_for_delivery' }), 409, 'STATUS_NOT_ALLOWED');
      const ready = await expectJson<Order>(await move(p.kitchenOwner, created.id, { status: 'ready' }));
      expect(ready).toMatchObject({ status: 'ready', source: { kind: 'kitchen', name: 'Taco Test Kitchen' }, deliveryCode: null });
      await expectError(await move(p.kitchenOwner, created.id, { status: 'out_for_delivery' }), 409, 'STATUS_NOT_ALLOWED');
      const out = await expectJson<Order>(await move(p.driver, created.id, { status: 'out_for_delivery' }));
      expect(out.status).toBe('out_for_delivery');
    });

    it('does not confirm a card order before its payment is taken', async () => {
      const created = await grocery({ paymentMethod: 'card' });
      await expectError(await move(p.manager, created.id, { status: 'confirmed' }), 409, 'PAYMENT_PENDING');
      expect((await expectJson<Order>(await read(p.customer, created.id))).status).toBe('placed');
    });

    it('refuses cancelling and refund decisions through the status endpoint, and unknown statuses as bad input', async () => {
      const created = await grocery();
      await expectError(await move(p.support, created.id, { status: 'cancelled' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.customer, created.id, { status: 'cancelled' }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await move(p.manager, created.id, { status: 'shipped' }), 400, 'VALIDATION_FAILED');
      await expectError(await move(p.manager, created.id, { status: 'confirmed', deliveryCode: '12' }), 400, 'VALIDATION_FAILED');
    });

    it('keeps an order without a driver from being out for delivery, even written directly', async () => {
      const created = await grocery({ status: 'processing' });
      await expect(t.database.db.execute(sql`update orders set status = 'out_for_delivery' where id = ${created.id}`)).rejects.toThrow();
    });
  });

  describe('every transition, per role', () => {
    type Who = keyof OrderPeople;
    const everyone: Who[] = ['customer', 'otherCustomer', 'manager', 'otherManager', 'driver', 'otherDriver', 'kitchenOwner', 'otherKitchenOwner', 'support', 'admin'];
    // Who sees an order (everyone else is told it does not exist): its customer, its preparer, its
    // warehouse's manager (kitchen orders are booked against the kitchen-default warehouse, Austin),
    // its assigned driver, support and admins.
    const sees: Record<'grocery' | 'cloud_kitchen', Who[]> = {
      grocery: ['customer', 'manager', 'driver', 'support', 'admin'],
      cloud_kitchen: ['customer', 'manager', 'kitchenOwner', 'driver', 'support', 'admin'],
    };
    // Written out here rather than read from the shared rules, so the test checks them.
    const cases: { type: 'grocery' | 'cloud_kitchen'; from: OrderStatus; to: OrderStatus; movers: Who[] }[] = [
      { type: 'grocery', from: 'placed', to: 'confirmed', movers: ['manager'] },
      { type: 'grocery', from: 'confirmed', to: 'processing', movers: ['manager'] },
      { type: 'grocery', from: 'processing', to: 'ready', movers: ['manager'] },
      { type: 'grocery', from: 'ready', to: 'out_for_delivery', movers: ['driver'] },
      { type: 'grocery', from: 'out_for_delivery', to: 'delivered', movers: ['driver'] },
      { type: 'grocery', from: 'placed', to: 'processing', movers: [] },
      { type: 'grocery', from: 'processing', to: 'out_for_delivery', movers: [] },
      { type: 'grocery', from: 'delivered', to: 'out_for_delivery', movers: [] },
      { type: 'cloud_kitchen', from: 'placed', to: 'confirmed', movers: ['kitchenOwner'] },
      { type: 'cloud_kitchen', from: 'confirmed', to: 'processing', movers: ['kitchenOwner'] },
      { type: 'cloud_kitchen', from: 'processing', to: 'ready', movers: ['kitchenOwner'] },
      { type: 'cloud_kitchen', from: 'ready', to: 'out_for_delivery', movers: ['driver'] },
      { type: 'cloud_kitchen', from: 'out_for_delivery', to: 'delivered', movers: ['driver'] },
      { type: 'cloud_kitchen', from: 'processing', to: 'out_for_delivery', movers: [] },
    ];

    it.each(cases)('$type: $from → $to', async ({ type, from, to, movers }) => {
      const observed: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const who of everyone) {
        const spec = { status: from, driverProfileId: p.driver.profileId, deliveryCode: '2468' };
        const created = type === 'grocery' ? await grocery(spec) : await kitchenOrder(spec);
        const response = await move(p[who], created.id, { status: to, ...(to === 'delivered' ? { deliveryCode: '2468' } : {}) });
        await response.arrayBuffer();
        observed[who] = response.status;
        expected[who] = !sees[type].includes(who) ? 404 : movers.includes(who) ? 200 : 409;
      }
      expect(observed).toEqual(expected);
    });

    it.each([
      { type: 'grocery' as const, from: 'placed' as const },
      { type: 'grocery' as const, from: 'processing' as const },
      { type: 'cloud_kitchen' as const, from: 'placed' as const },
      { type: 'cloud_kitchen' as const, from: 'confirmed' as const },
      { type: 'cloud_kitchen' as const, from: 'ready' as const },
    ])('$type: cancel from $from', async ({ type, from }) => {
      const observed: Record<string, number> = {};
      const expected: Record<string, number> = {};
      // A kitchen order that is ready is cooked: nobody cancels it any more. Its kitchen may decline it until accepted.
      const movers: Who[] = from === 'ready' ? [] : type === 'cloud_kitchen' && from === 'placed' ? ['customer', 'support', 'kitchenOwner'] : ['customer', 'support'];
      for (const who of everyone) {
        const spec = { status: from, driverProfileId: p.driver.profileId };
        const created = type === 'grocery' ? await grocery(spec) : await kitchenOrder(spec);
        // A kitchen cancels only with one of the reasons it declines for.
        const body = who === 'kitchenOwner' ? { reason: 'too_busy' } : {};
        const response = await p[who].client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: body });
        await response.arrayBuffer();
        observed[who] = response.status;
        expected[who] = !sees[type].includes(who) ? 404 : movers.includes(who) ? 200 : 409;
      }
      expect(observed).toEqual(expected);
    });
  });

  describe('cancelling', () => {
    it('gives back the stock (bundle components too) and the delivery hour', async () => {
      const slot = new Date(Date.UTC(2030, 0, 1, 15));
      const before = { bananas: await stockOf(f.products.bananas.id), apples: await stockOf(f.products.apples.id) };
      const created = await grocery({
        reserve: true,
        slot: { start: slot, capacity: 5 },
        lines: [
          { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 3, unitPrice: 49 },
          { itemType: 'bundle', bundleId: f.bundle.id, name: 'Fruit Basket', quantity: 2, unitPrice: 400 },
        ],
      });
      // 3 bananas, and 2 baskets of 2 bananas and 2 apples each.
      expect(await stockOf(f.products.bananas.id)).toBe(before.bananas - 7);
      expect(await stockOf(f.products.apples.id)).toBe(before.apples - 4);
      const booked = () =>
        t.database.db
          .select({ booked: slotBookings.booked })
          .from(slotBookings)
          .where(and(eq(slotBookings.resourceId, f.warehouses.austin.id), eq(slotBookings.slotStart, slot)));
      expect(await booked()).toEqual([{ booked: 1 }]);

      const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: { reason: 'Ordered twice' } }));
      expect(order).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' }, actions: { cancel: false, reorder: true } });
      expect(order.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'customer', note: 'Ordered twice' });
      expect(await stockOf(f.products.bananas.id)).toBe(before.bananas);
      expect(await stockOf(f.products.apples.id)).toBe(before.apples);
      expect(await booked()).toEqual([{ booked: 0 }]);

      // Once only: a second cancel changes nothing.
      await expectError(await p.customer.client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: {} }), 409, 'STATUS_NOT_ALLOWED');
      expect(await stockOf(f.products.bananas.id)).toBe(before.bananas);
    });

    it('lets support cancel a confirmed order; the customer not once it is out; another customer never', async () => {
      const confirmed = await grocery({ status: 'confirmed' });
      await expectError(await p.otherCustomer.client.request(`/api/orders/${confirmed.id}/cancel`, { method: 'POST', json: {} }), 404, 'NOT_FOUND');
      await expectError(await p.manager.client.request(`/api/orders/${confirmed.id}/cancel`, { method: 'POST', json: {} }), 409, 'STATUS_NOT_ALLOWED');
      const order = await expectJson<Order>(await p.support.client.request(`/api/orders/${confirmed.id}/cancel`, { method: 'POST', json: { reason: 'Warehouse closed' } }));
      expect(order.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'support' });

      const out = await grocery({ status: 'out_for_delivery', driverProfileId: p.driver.profileId });
      await expectError(await p.customer.client.request(`/api/orders/${out.id}/cancel`, { method: 'POST', json: {} }), 409, 'STATUS_NOT_ALLOWED');
      await expectError(await p.support.client.request(`/api/orders/${out.id}/cancel`, { method: 'POST', json: {} }), 409, 'STATUS_NOT_ALLOWED');
    });

    describe('with card payments', () => {
      const calls: string[] = [];
      let original: PaymentProvider;
      beforeAll(() => {
        original = t.deps.payments;
        t.deps.payments = {
          ...original,
          name: 'stripe',
          cardEnabled: true,
          async cancelIntent({ paymentIntentId }) {
            calls.push(`cancel ${paymentIntentId}`);
          },
          async refund({ paymentIntentId, amount, idempotencyKey }) {
            calls.push(`refund ${paymentIntentId} ${amount} ${idempotencyKey.startsWith('refund-')}`);
            return { id: 're_test', status: 'succeeded' };
          },
        };
      });
      afterAll(() => {
        t.deps.payments = original;
      });

      it('cancels a pending card payment with the provider', async () => {
        const created = await grocery({ paymentMethod: 'card' });
        await attachCardIntent(t.database.db, { orderId: created.id, providerRef: `pi_pending_${created.id}`, clientSecret: 'secret' });
        const mine = await expectJson<Order>(await read(p.customer, created.id));
        expect(mine.payment.clientSecret).toBe('secret');
        expect((await expectJson<Order>(await read(p.support, created.id))).payment.clientSecret).toBeNull();
        const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: {} }));
        expect(order.payment.status).toBe('cancelled');
        expect(calls).toContain(`cancel pi_pending_${created.id}`);
      });

      it('refunds a paid card payment in full through the ledger and the provider', async () => {
        const created = await grocery({ paymentMethod: 'card', paymentStatus: 'paid' });
        await attachCardIntent(t.database.db, { orderId: created.id, providerRef: `pi_paid_${created.id}`, clientSecret: 'secret' });
        const order = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: {} }));
        expect(order.payment).toMatchObject({ status: 'refunded', refundedAmount: created.totalAmount });
        expect(order.refunds).toEqual([expect.objectContaining({ kind: 'full', amount: created.totalAmount, status: 'succeeded', reason: 'Order cancelled' })]);
        expect(calls).toContain(`refund pi_paid_${created.id} ${created.totalAmount} true`);
        expect((await paymentOf(t.database.db, created.id))!.refundedAmount).toBe(created.totalAmount);
      });

      it("refunds a paid card payment in full when the kitchen declines the order, with the kitchen's reason", async () => {
        const created = await kitchenOrder({ paymentMethod: 'card', paymentStatus: 'paid' });
        await attachCardIntent(t.database.db, { orderId: created.id, providerRef: `pi_declined_${created.id}`, clientSecret: 'secret' });
        const declined = await p.kitchenOwner.client.request(`/api/orders/${created.id}/decline`, { method: 'POST', json: { reason: 'too_busy' } });
        const order = await expectJson<Order>(declined);
        expect(order.payment).toMatchObject({ status: 'refunded', refundedAmount: created.totalAmount });
        expect(order.refunds).toEqual([
          expect.objectContaining({ kind: 'full', amount: created.totalAmount, status: 'succeeded', reason: 'The kitchen is too busy to take more orders right now.' }),
        ]);
        expect(calls).toContain(`refund pi_declined_${created.id} ${created.totalAmount} true`);
      });
    });
  });

  describe('declining by the kitchen', () => {
    const decline = (who: Person, orderId: string, body: object) => who.client.request(`/api/orders/${orderId}/decline`, { method: 'POST', json: body });
    const booked = (slot: Date) =>
      t.database.db
        .select({ booked: slotBookings.booked })
        .from(slotBookings)
        .where(and(eq(slotBookings.resourceId, f.kitchenId), eq(slotBookings.slotStart, slot)));

    it("cancels a new order as the kitchen, with the reason the customer reads, and frees the kitchen's delivery hour", async () => {
      const slot = new Date(Date.UTC(2030, 0, 2, 18));
      const created = await kitchenOrder({ slot: { start: slot, capacity: 3 } });
      expect(await booked(slot)).toEqual([{ booked: 1 }]);

      const order = await expectJson<Order>(await decline(p.kitchenOwner, created.id, { reason: 'out_of_ingredient', details: 'No brisket left today' }));
      expect(order).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' } });
      expect(order.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'cloud_kitchen', note: 'The kitchen ran out of an ingredient.\nNo brisket left today' });
      expect(await booked(slot)).toEqual([{ booked: 0 }]);
      const customerView = await expectJson<Order>(await read(p.customer, created.id));
      expect(customerView.events.at(-1)).toMatchObject({ actor: 'cloud_kitchen', note: 'The kitchen ran out of an ingredient.\nNo brisket left today' });

      // Once only.
      const again = await expectError(await decline(p.kitchenOwner, created.id, { reason: 'too_busy' }), 409, 'NOT_DECLINABLE');
      expect(again.message).toBe(orderRefusals.notDeclinable);
      expect(await booked(slot)).toEqual([{ booked: 0 }]);
    });

    it('is for the kitchen that owns the order, until it accepts it, with a reason from the list', async () => {
      const created = await kitchenOrder();
      await expectError(await decline(p.otherKitchenOwner, created.id, { reason: 'too_busy' }), 404, 'NOT_FOUND');
      for (const who of [p.customer, p.manager, p.support, p.admin]) await expectError(await decline(who, created.id, { reason: 'too_busy' }), 403, 'FORBIDDEN');
      await expectError(await decline(p.kitchenOwner, created.id, { reason: 'bored' }), 400, 'VALIDATION_FAILED');
      expect((await expectJson<Order>(await read(p.customer, created.id))).status).toBe('placed');

      const accepted = await kitchenOrder({ status: 'confirmed' });
      const refused = await expectError(await decline(p.kitchenOwner, accepted.id, { reason: 'closing_soon' }), 409, 'NOT_DECLINABLE');
      expect(refused.message).toBe(orderRefusals.notDeclinable);
      expect((await expectJson<Order>(await read(p.customer, accepted.id))).status).toBe('confirmed');
    });
  });

  describe('cancelling by the kitchen', () => {
    const cancel = (who: Person, orderId: string, body: object) => who.client.request(`/api/orders/${orderId}/cancel`, { method: 'POST', json: body });

    it('takes one of the reasons a kitchen declines for, and an optional word, which the customer reads', async () => {
      const created = await kitchenOrder();
      const missing = await expectError(await cancel(p.kitchenOwner, created.id, {}), 400, 'VALIDATION_FAILED');
      expect(missing.fields).toEqual({ reason: 'Pick a reason' });
      const freeText = await expectError(await cancel(p.kitchenOwner, created.id, { reason: 'No brisket left' }), 400, 'VALIDATION_FAILED');
      expect(freeText.fields).toEqual({ reason: 'Pick a reason' });
      const long = await expectError(await cancel(p.kitchenOwner, created.id, { reason: 'out_of_ingredient', details: 'x'.repeat(201) }), 400, 'VALIDATION_FAILED');
      expect(long.fields).toEqual({ details: 'Details must be at most 200 characters' });
      expect((await expectJson<Order>(await read(p.customer, created.id))).status).toBe('placed');

      const order = await expectJson<Order>(await cancel(p.kitchenOwner, created.id, { reason: 'out_of_ingredient', details: 'No brisket left today' }));
      expect(order).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' } });
      const customerView = await expectJson<Order>(await read(p.customer, created.id));
      expect(customerView.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'cloud_kitchen', note: 'The kitchen ran out of an ingredient.\nNo brisket left today' });
    });

    it("leaves the customer's and support's own words as they are, a kitchen's word among them", async () => {
      const mine = await kitchenOrder();
      const byCustomer = await expectJson<Order>(await cancel(p.customer, mine.id, { reason: 'too_busy' }));
      expect(byCustomer.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'customer', note: 'too_busy' });
      const theirs = await kitchenOrder({ status: 'confirmed' });
      const bySupport = await expectJson<Order>(await cancel(p.support, theirs.id, {}));
      expect(bySupport.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'support', note: '' });
    });
  });

  describe('reordering', () => {
    it('puts the items back into the cart at today’s prices and names what is no longer sold', async () => {
      const customer = p.otherCustomer;
      const created = await grocery({
        customerProfileId: customer.profileId,
        lines: [
          { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 10 },
          { itemType: 'product', productId: null, name: 'Discontinued Pears', quantity: 1, unitPrice: 300 },
          { itemType: 'product', productId: f.products.unsold.id, name: 'Dragon Fruit', quantity: 1, unitPrice: 500 },
        ],
        status: 'cancelled',
      });
      await customer.client.request('/api/cart/items', { method: 'DELETE' });
      await customer.client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 } });
      const result = await expectJson<ReorderResult>(await customer.client.request(`/api/orders/${created.id}/reorder`, { method: 'POST' }));
      // Added to the banana already there, priced by the server (49), not the order's 10.
      expect(result.cart.items.map((line) => [line.name, line.quantity, line.unitPrice])).toEqual([['Bananas', 3, 49]]);
      expect(result.skipped.map((notice) => notice.name)).toEqual(['Discontinued Pears', 'Dragon Fruit']);
      expect(result.skipped.every((notice) => notice.reason.length > 0)).toBe(true);
      await expectError(await p.customer.client.request(`/api/orders/${created.id}/reorder`, { method: 'POST' }), 404, 'NOT_FOUND');
    });
  });
});
