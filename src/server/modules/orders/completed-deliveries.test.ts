import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import { completedDeliveriesPage, type CompletedDeliveriesPage } from '@/shared/contracts/staff';
import type { OrderStatus } from '@/shared/order-status';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, signedInPerson, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { orderEvents } from './orders.tables';

const HOUR = 3_600_000;

describe.each(databaseKinds)("a driver's completed deliveries on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newDriver = () => signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id, f.warehouses.jersey.id] });
  const completed = async (who: Person, query = ''): Promise<CompletedDeliveriesPage> =>
    completedDeliveriesPage.parse(await expectJson(await who.client.request(`/api/driver/completed-deliveries${query}`), 200));
  /** An order driven by `driver`, walked to `status`; when delivered, its delivery moved to `deliveredAt`, or back to `deliveredAgo` ms before now. */
  async function drivenOrder(
    driver: Person,
    options: { status?: OrderStatus; tip?: number; deliveredAgo?: number; deliveredAt?: Date; warehouseId?: string; kitchen?: true } = {},
  ) {
    const order = await createOrder(t.database.db, {
      customerProfileId: people.customer.profileId,
      warehouseId: options.warehouseId ?? f.warehouses.austin.id,
      cloudKitchenId: options.kitchen ? f.kitchenId : undefined,
      status: options.status ?? 'delivered',
      driverProfileId: driver.profileId,
      tip: options.tip ?? 0,
    });
    const deliveredAt = options.deliveredAt ?? (options.deliveredAgo === undefined ? undefined : new Date(Date.now() - options.deliveredAgo));
    if (deliveredAt) {
      await t.database.db
        .update(orderEvents)
        .set({ createdAt: deliveredAt })
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
    }
    return order;
  }

  it("lists only the driver's own delivered orders, newest delivery first, with the store, the city and the tip", async () => {
    const driver = await newDriver();
    const older = await drivenOrder(driver, { tip: 250, deliveredAgo: 2 * HOUR, warehouseId: f.warehouses.jersey.id });
    const newer = await drivenOrder(driver, { tip: 400, deliveredAgo: HOUR, kitchen: true });
    const returnedSince = await drivenOrder(driver, { status: 'refunded', tip: 100, deliveredAgo: 3 * HOUR });
    await drivenOrder(driver, { status: 'out_for_delivery', tip: 900 });
    const othersDelivery = await drivenOrder(people.otherDriver, { tip: 700 });

    const page = await completed(driver);
    expect(page.deliveries.map((row) => row.orderNumber)).toEqual([newer.orderNumber, older.orderNumber, returnedSince.orderNumber]);
    expect(page.total).toBe(3);
    expect(page.deliveries[0]).toMatchObject({ id: newer.id, type: 'cloud_kitchen', pickupName: 'Taco Test Kitchen', area: 'Austin, TX', tip: 400 });
    expect(page.deliveries[1]).toMatchObject({ type: 'grocery', pickupName: f.warehouses.jersey.name, tip: 250, timeZone: f.warehouses.jersey.timeZone });
    expect(Date.parse(page.deliveries[0]!.deliveredAt)).toBeGreaterThan(Date.parse(page.deliveries[1]!.deliveredAt));

    // The other driver sees theirs alone.
    expect((await completed(people.otherDriver)).deliveries.map((row) => row.id)).toContain(othersDelivery.id);
    expect((await completed(people.otherDriver)).deliveries.map((row) => row.id)).not.toContain(newer.id);
  });

  it("never tells the driver a past customer's address or name", async () => {
    const driver = await newDriver();
    await drivenOrder(driver, { tip: 300 });
    const text = JSON.stringify(await completed(driver));
    expect(text).not.toContain('1 Test Way');
    expect(text).not.toContain('78701');
    expect(text).not.toContain(people.customer.email);
    expect(text).not.toContain('Ann');
  });

  it('sums the deliveries and tips of today and of the last 7 days, in the business time zone by default', async () => {
    const driver = await newDriver();
    await drivenOrder(driver, { tip: 300, deliveredAgo: 0 });
    await drivenOrder(driver, { tip: 0, deliveredAgo: 0 });
    // More than a day ago is before today's midnight, however late in the day it is now.
    await drivenOrder(driver, { tip: 450, deliveredAgo: 26 * HOUR });
    await drivenOrder(driver, { tip: 1000, deliveredAgo: 10 * 24 * HOUR });
    await drivenOrder(people.otherDriver, { tip: 5000, deliveredAgo: 0 });

    const { summary, total } = await completed(driver);
    expect(summary).toEqual({
      today: { deliveries: 2, tips: 300 },
      lastSevenDays: { deliveries: 3, tips: 750 },
      timeZone: BUSINESS_TIME_ZONE,
    });
    // The list still has every delivery, older ones included.
    expect(total).toBe(4);
  });

  it('pages the list, the summary the same on every page', async () => {
    const driver = await newDriver();
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await drivenOrder(driver, { tip: 100, deliveredAgo: (index + 1) * HOUR }));
    const second = await completed(driver, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.deliveries.map((row) => row.id)).toEqual([made[2]!.id]);
    expect(second.summary.lastSevenDays).toEqual({ deliveries: 3, tips: 300 });
    expect((await completed(driver, '?page=3&pageSize=2')).deliveries).toEqual([]);
  });

  it('keeps the real total on a page past the last, so the pager still knows how many there are', async () => {
    const driver = await newDriver();
    for (let index = 0; index < 3; index += 1) await drivenOrder(driver, { tip: 100, deliveredAgo: (index + 1) * HOUR });
    expect(await completed(driver, '?page=5&pageSize=2')).toMatchObject({ deliveries: [], total: 3, page: 5, pageSize: 2 });
  });

  it("counts the days in the zone the driver's device asks for, the business's without one", async () => {
    const driver = await newDriver();
    // Tomorrow in New York: one delivery at 23:30, one at 00:15, that is 21:15 the day before in Los Angeles.
    const day = new TZDate(Date.now(), 'America/New_York');
    const newYork = (hour: number, minute: number, days = 1) =>
      new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + days, hour, minute, 0, 0, 'America/New_York').getTime());
    await drivenOrder(driver, { tip: 300, deliveredAt: newYork(23, 30) });
    await drivenOrder(driver, { tip: 200, deliveredAt: newYork(0, 15) });
    const summary = async (query: string) => (await completed(driver, query)).summary;
    try {
      // 23:45 in New York: both are today there; in Los Angeles (20:45) and Chicago (22:45) the early one was yesterday.
      vi.useFakeTimers({ toFake: ['Date'], now: newYork(23, 45) });
      expect(await summary('?timeZone=America/New_York')).toEqual({
        today: { deliveries: 2, tips: 500 },
        lastSevenDays: { deliveries: 2, tips: 500 },
        timeZone: 'America/New_York',
      });
      expect((await summary('?timeZone=America/Los_Angeles')).today).toEqual({ deliveries: 1, tips: 300 });
      expect(await summary('')).toMatchObject({ today: { deliveries: 1, tips: 300 }, timeZone: BUSINESS_TIME_ZONE });

      // Half past midnight in New York: both were yesterday there, while it is still 21:30 in Los Angeles.
      vi.setSystemTime(newYork(0, 30, 2));
      expect(await summary('?timeZone=America/New_York')).toMatchObject({ today: { deliveries: 0, tips: 0 }, lastSevenDays: { deliveries: 2, tips: 500 } });
      expect((await summary('?timeZone=America/Los_Angeles')).today).toEqual({ deliveries: 1, tips: 300 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unknown time zone at its field, and takes an old alias by its present name', async () => {
    const driver = await newDriver();
    for (const zone of ['Mars/Olympus_Mons', 'EST', '']) {
      const body = await expectJson(await driver.client.request(`/api/driver/completed-deliveries?timeZone=${encodeURIComponent(zone)}`), 400);
      expect(body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { timeZone: 'Use a time zone such as America/Chicago' } } });
    }
    // The device may name a zone by an alias the database does not know.
    expect((await completed(driver, '?timeZone=US/Pacific-New')).summary.timeZone).toBe('America/Los_Angeles');
  });

  it('starts empty, and refuses a page size past 100', async () => {
    const driver = await newDriver();
    expect(await completed(driver)).toEqual({
      summary: { today: { deliveries: 0, tips: 0 }, lastSevenDays: { deliveries: 0, tips: 0 }, timeZone: BUSINESS_TIME_ZONE },
      deliveries: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    expect((await driver.client.request('/api/driver/completed-deliveries?pageSize=500')).status).toBe(400);
  });
});
