import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffFeedEvent, staffOrderPage, type StaffOrderPage } from '@/shared/contracts/staff';
import { readEventStream, type EventStreamReader } from '../../test/event-stream-reader';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, moveTestOrder, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('staff order queues on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await t?.close();
  });

  const austin = () => f.warehouses.austin.id;
  const grocery = (customer = people.customer, warehouseId = austin()) => createOrder(t.database.db, { customerProfileId: customer.profileId, warehouseId });
  const dish = () =>
    createOrder(t.database.db, { customerProfileId: people.customer.profileId, type: 'cloud_kitchen', warehouseId: austin(), cloudKitchenId: f.kitchenId });

  async function queue(who: Person, query = ''): Promise<StaffOrderPage> {
    return staffOrderPage.parse(await expectJson(await who.client.request(`/api/staff/orders${query}`), 200));
  }
  const numbers = (page: StaffOrderPage) => page.orders.map((row) => row.orderNumber);

  it('shows each role only the orders it works on', async () => {
    const mine = await grocery();
    const elsewhere = await grocery(people.otherCustomer, f.warehouses.jersey.id);
    const kitchenOrder = await dish();

    expect(numbers(await queue(people.manager, '?view=all'))).toEqual(expect.arrayContaining([mine.orderNumber, kitchenOrder.orderNumber]));
    expect(numbers(await queue(people.manager, '?view=all'))).not.toContain(elsewhere.orderNumber);
    expect(numbers(await queue(people.otherManager, '?view=all'))).toContain(elsewhere.orderNumber);
    expect(numbers(await queue(people.kitchenOwner, '?view=all'))).toEqual([kitchenOrder.orderNumber]);
    expect(numbers(await queue(people.otherKitchenOwner, '?view=all'))).toEqual([]);
    for (const who of [people.admin, people.support]) {
      expect(numbers(await queue(who, '?view=all'))).toEqual(expect.arrayContaining([mine.orderNumber, elsewhere.orderNumber, kitchenOrder.orderNumber]));
    }
    expect((await people.customer.client.request('/api/staff/orders')).status).toBe(403);
  });

  it("gives each queued order its lines in order, so a kitchen sees what to cook", async () => {
    const cooked = await createOrder(t.database.db, {
      customerProfileId: people.customer.profileId,
      type: 'cloud_kitchen',
      warehouseId: austin(),
      cloudKitchenId: f.kitchenId,
      lines: [
        { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, name: 'Brisket Tacos', quantity: 2, unitPrice: 1299 },
        { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.churros.id, name: 'Churros', quantity: 1, unitPrice: 499 },
      ],
    });
    const row = (await queue(people.kitchenOwner, '?view=all&pageSize=100')).orders.find((entry) => entry.id === cooked.id);
    expect(row?.lines).toEqual([
      { name: 'Brisket Tacos', quantity: 2 },
      { name: 'Churros', quantity: 1 },
    ]);
    expect(row?.itemCount).toBe(3);
  });

  it('offers a driver the confirmed orders of their warehouse nobody drives, and lists their own', async () => {
    const offered = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: austin(), status: 'confirmed' });
    const taken = await createOrder(t.database.db, {
      customerProfileId: people.customer.profileId,
      warehouseId: austin(),
      status: 'out_for_delivery',
      driverProfileId: people.driver.profileId,
    });
    expect((await people.otherDriver.client.request('/api/driver/availability', { method: 'PUT', json: { available: true } })).status).toBe(200);
    const offers = numbers(await queue(people.otherDriver, '?view=offered'));
    expect(offers).toContain(offered.orderNumber);
    expect(offers).not.toContain(taken.orderNumber);
    expect(numbers(await queue(people.driver, '?view=active'))).toEqual([taken.orderNumber]);
    expect(numbers(await queue(people.otherDriver, '?view=active'))).toEqual([]);
    const refused = await people.manager.client.request('/api/staff/orders?view=offered');
    expect(refused.status).toBe(400);
  });

  it('filters, searches and pages on the server', async () => {
    const target = await grocery(people.otherCustomer);
    await moveTestOrder(t.database.db, target.id, 'confirmed');
    const byNumber = await queue(people.admin, `?view=all&q=${target.orderNumber.slice(-4)}`);
    expect(numbers(byNumber)).toContain(target.orderNumber);
    const byEmail = await queue(people.admin, `?view=all&q=${encodeURIComponent(people.otherCustomer.email)}`);
    expect(byEmail.orders.every((row) => row.customer.email === people.otherCustomer.email)).toBe(true);
    expect(numbers(byEmail)).toContain(target.orderNumber);
    const confirmed = await queue(people.admin, '?view=all&status=confirmed');
    expect(confirmed.orders.length).toBeGreaterThan(0);
    expect(confirmed.orders.every((row) => row.status === 'confirmed')).toBe(true);
    const kitchens = await queue(people.admin, `?view=all&kitchenId=${f.kitchenId}`);
    expect(kitchens.orders.every((row) => row.kitchen?.id === f.kitchenId)).toBe(true);

    const all = await queue(people.admin, '?view=all&pageSize=100');
    const first = await queue(people.admin, '?view=all&pageSize=2');
    const second = await queue(people.admin, '?view=all&pageSize=2&page=2');
    expect(first.total).toBe(all.total);
    expect([...numbers(first), ...numbers(second)]).toEqual(numbers(all).slice(0, 4));

    const badDate = await people.admin.client.request('/api/staff/orders?from=yesterday');
    expect(badDate.status).toBe(400);
  });

  it("lists one customer's order history for support, newest first", async () => {
    const older = await createOrder(t.database.db, { customerProfileId: people.otherCustomer.profileId, warehouseId: austin(), placedAt: new Date(Date.now() - 60_000) });
    const newer = await grocery(people.otherCustomer);
    await grocery(people.customer);
    const history = await queue(people.support, `?view=all&customerProfileId=${people.otherCustomer.profileId}&pageSize=100`);
    expect(history.orders.every((row) => row.customer.profileId === people.otherCustomer.profileId)).toBe(true);
    expect(history.total).toBe(history.orders.length);
    const numbersOfHistory = numbers(history);
    expect(numbersOfHistory.indexOf(newer.orderNumber)).toBeLessThan(numbersOfHistory.indexOf(older.orderNumber));
    expect(numbersOfHistory.indexOf(older.orderNumber)).toBeGreaterThanOrEqual(0);
    expect((await people.support.client.request('/api/staff/orders?view=all&customerProfileId=nobody')).status).toBe(400);
  });

  it('says which refunded orders were refunded only in part, as the customer reads them', async () => {
    const delivered = () =>
      createOrder(t.database.db, {
        customerProfileId: people.otherCustomer.profileId,
        warehouseId: austin(),
        lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 4, unitPrice: 50 }],
        status: 'delivered',
        driverProfileId: people.driver.profileId,
      });
    // The customer returns some or all of the bananas and support approves: the order ends refunded.
    const returned = async (order: { id: string; lineIds: string[] }, quantity: number) => {
      const asked = await expectJson<{ id: string }>(
        await people.otherCustomer.client.request(`/api/orders/${order.id}/returns`, { method: 'POST', json: { lines: [{ orderLineId: order.lineIds[0], quantity }], reason: 'Bruised' } }),
        201,
      );
      await expectJson(await people.support.client.request(`/api/returns/${asked.id}/decision`, { method: 'POST', json: { decision: 'approve', note: '' } }));
    };
    const [partly, everyItem, fully, active] = [await delivered(), await delivered(), await delivered(), await grocery(people.otherCustomer)];
    await returned(partly, 1);
    // Every banana comes back with its tax; the service fee stays, so the payment is refunded in part.
    await returned(everyItem, 4);
    await returned(fully, 4);
    await expectJson(await people.support.client.request(`/api/orders/${fully.id}/refunds`, { method: 'POST', json: { kind: 'full', reason: 'Fees too' } }), 201);

    const rows = (await queue(people.support, `?view=all&customerProfileId=${people.otherCustomer.profileId}&pageSize=100`)).orders;
    const row = (orderNumber: string) => rows.find((candidate) => candidate.orderNumber === orderNumber);
    expect(row(partly.orderNumber)).toMatchObject({ status: 'refunded', returnable: true, partlyRefunded: true });
    expect(row(everyItem.orderNumber)).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: true });
    expect(row(fully.orderNumber)).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: false });
    expect(row(active.orderNumber)).toMatchObject({ status: 'placed', returnable: false, partlyRefunded: false });
  });

  it('announces a new order live to whoever runs its store, and to nobody else', async () => {
    const open = async (who: Person) => {
      const response = await who.client.request('/api/staff/orders/stream');
      expect(response.status).toBe(200);
      const reader = readEventStream(response);
      readers.push(reader);
      expect((await reader.next()).event).toBe('ready');
      return reader;
    };
    const manager = await open(people.manager);
    const otherManager = await open(people.otherManager);
    const kitchen = await open(people.kitchenOwner);

    const placed = await grocery();
    const event = await manager.next();
    expect(event.event).toBe('order');
    expect(staffFeedEvent.parse(JSON.parse(event.data))).toMatchObject({ orderId: placed.id, orderNumber: placed.orderNumber, status: 'placed' });
    await otherManager.expectQuiet(300);
    await kitchen.expectQuiet(0);
    await moveTestOrder(t.database.db, placed.id, 'confirmed');
    expect(JSON.parse((await manager.next()).data)).toMatchObject({ orderId: placed.id, status: 'confirmed' });
  });
});
