import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, type AdminOverview } from '@/shared/contracts/admin';
import { queryRows } from '../db/client';
import { recordRefund } from '../modules/payments/payment-records';
import { createCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { createOrder, createOrderPeople, signedInPerson, type CreatedOrder, type OrderPeople } from '../test/order-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-database';

const businessDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);
const hour = 60 * 60_000;

describe.each(databaseKinds)("the admin's overview on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  let midnight: Date;
  let today: CreatedOrder;
  let lateYesterday: CreatedOrder;
  let older: CreatedOrder;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
    const db = t.database.db;
    // Everyone so far joined long ago; the period's new customers are made below.
    await db.execute(sql`update profiles set created_at = now() - interval '200 days'`);
    const [start] = await queryRows<{ midnight: Date | string }>(
      db,
      sql`select (date_trunc('day', now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE}) as midnight`,
    );
    midnight = new Date(start!.midnight);
    const joinedYesterday = await signedInPerson(t, { role: 'customer' });
    await db.execute(sql`update profiles set created_at = ${new Date(midnight.getTime() - 12 * hour).toISOString()}::timestamptz where id = ${joinedYesterday.profileId}`);
    await signedInPerson(t, { role: 'customer' });

    const customerProfileId = people.customer.profileId;
    const warehouseId = f.warehouses.austin.id;
    // Half an hour after the business day began, and half an hour before: a UTC day would split them otherwise.
    today = await createOrder(db, {
      customerProfileId,
      warehouseId,
      placedAt: new Date(midnight.getTime() + hour / 2),
      status: 'delivered',
      driverProfileId: people.driver.profileId,
      lines: [
        { itemType: 'product', productId: f.products.apples.id, name: 'Apples', quantity: 2, unitPrice: 200 },
        { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 1, unitPrice: 50 },
      ],
    });
    lateYesterday = await createOrder(db, {
      customerProfileId,
      warehouseId,
      cloudKitchenId: f.kitchenId,
      placedAt: new Date(midnight.getTime() - hour / 2),
      lines: [{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, name: 'Brisket Tacos', quantity: 2, unitPrice: 1299 }],
    });
    await createOrder(db, {
      customerProfileId,
      warehouseId,
      placedAt: new Date(midnight.getTime() - 12 * hour),
      status: 'cancelled',
      lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 4, unitPrice: 50 }],
    });
    older = await createOrder(db, {
      customerProfileId,
      warehouseId,
      placedAt: new Date(midnight.getTime() - 10 * 24 * hour),
      lines: [{ itemType: 'product', productId: f.products.apples.id, name: 'Apples', quantity: 1, unitPrice: 200 }],
    });
    await db.transaction((tx) => recordRefund(tx, { orderId: today.id, amount: 150, kind: 'goodwill', reason: 'Late', actor: 'system' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function overview(days: number): Promise<AdminOverview> {
    const response = await people.admin.client.request(`/api/admin/overview?days=${days}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AdminOverview;
  }

  it('counts orders, revenue and new customers per business day, days without any included', async () => {
    const week = await overview(7);
    const todayName = businessDay(new Date());
    const yesterdayName = businessDay(new Date(midnight.getTime() - hour));
    expect(week).toMatchObject({ days: 7, timeZone: BUSINESS_TIME_ZONE, to: todayName });
    expect(week.perDay).toHaveLength(7);
    expect(week.perDay.at(-1)).toEqual({ day: todayName, orders: 1, revenue: today.totalAmount, newCustomers: 1 });
    // The cancelled order counts as an order but brings no revenue.
    expect(week.perDay.at(-2)).toEqual({ day: yesterdayName, orders: 2, revenue: lateYesterday.totalAmount, newCustomers: 1 });
    expect(week.perDay.slice(0, 5).every((day) => day.orders === 0 && day.revenue === 0 && day.newCustomers === 0)).toBe(true);
    expect(week.totals).toEqual({ orders: 3, revenue: today.totalAmount + lateYesterday.totalAmount, newCustomers: 2 });
  });

  it('breaks orders down by status, ranks products and kitchens by revenue, and sums refunds', async () => {
    const week = await overview(7);
    expect([...week.byStatus].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'cancelled', orders: 1 },
      { status: 'delivered', orders: 1 },
      { status: 'placed', orders: 1 },
    ]);
    expect(week.topProducts).toEqual([
      { id: f.products.apples.id, name: 'Apples', units: 2, revenue: 400 },
      { id: f.products.bananas.id, name: 'Bananas', units: 1, revenue: 50 },
    ]);
    expect(week.topKitchens).toEqual([{ id: f.kitchenId, name: expect.any(String), units: 2, revenue: 2598 }]);
    expect(week.refunds).toEqual({ count: 1, amount: 150 });
  });

  it('covers 30 days by default, and only 7, 30 or 90', async () => {
    const month = (await (await people.admin.client.request('/api/admin/overview')).json()) as AdminOverview;
    expect(month.perDay).toHaveLength(30);
    expect(month.totals.orders).toBe(4);
    expect(month.totals.revenue).toBe(today.totalAmount + lateYesterday.totalAmount + older.totalAmount);
    expect((await overview(90)).perDay).toHaveLength(90);
    expect((await people.admin.client.request('/api/admin/overview?days=5')).status).toBe(400);
  });
});
