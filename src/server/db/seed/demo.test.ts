import { tzOffset } from '@date-fns/tz';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@/shared/contracts/cart';
import type { ServiceArea } from '@/shared/contracts/locations';
import type { Order, OrderList } from '@/shared/contracts/orders';
import type { CompletedDeliveriesPage, DriverAvailability, StaffOrderPage } from '@/shared/contracts/staff';
import { queryRows } from '../client';
import { addresses, auditLog, products, profiles, user, warehouseProducts, warehouses } from '../schema';
import { createSessionReader } from '../../lib/read-session';
import { createTestApp, signIn, type TestApp, type TestClient } from '../../test/test-app';
import { seedCatalog } from './catalog';
import { demoWarehouses } from './demo';
import { demoPastOrders } from './demo-orders';
import { createWarehouses } from './factories';

describe('demo seed', () => {
  let t: TestApp;
  const warehouseNames = async (ids: readonly string[]) =>
    (await t.database.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses))
      .filter((row) => ids.includes(row.id))
      .map((row) => row.name)
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds a realistic catalog: volumes, offers at every scope, kitchens with menus, pictures served by us', async () => {
    const [catalog] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
            (select count(*)::int from products) as products,
            (select count(*)::int from categories c where exists (select 1 from subcategories s where s.category_id = c.id)) as "categoriesWithSubcategories",
            (select count(*)::int from product_bundles) as bundles,
            (select count(*)::int from bogo_offers) as "bogoOffers",
            (select count(*)::int from discounts where product_id is not null) as "productDiscounts",
            (select count(*)::int from discounts where subcategory_id is not null) as "subcategoryDiscounts",
            (select count(*)::int from discounts where category_id is not null) as "categoryDiscounts",
            (select count(*)::int from cloud_kitchens k where k.approved
               and (select count(*) from cloud_kitchen_products d where d.cloud_kitchen_id = k.id) >= 8) as "kitchensWithMenus",
            (select count(*)::int from products p where not exists (select 1 from warehouse_products wp where wp.product_id = p.id)) as "unpriced",
            (select count(*)::int from products p, unnest(p.product_images) image where image not like '/api/media/%') as "remoteImages"`,
    );
    expect(catalog!.products).toBeGreaterThanOrEqual(300);
    expect(catalog!.categoriesWithSubcategories).toBeGreaterThanOrEqual(12);
    expect(catalog!.bundles).toBeGreaterThanOrEqual(6);
    expect(catalog!.bogoOffers).toBeGreaterThanOrEqual(6);
    expect(catalog!.productDiscounts).toBeGreaterThan(0);
    expect(catalog!.subcategoryDiscounts).toBeGreaterThan(0);
    expect(catalog!.categoryDiscounts).toBeGreaterThan(0);
    expect(catalog!.kitchensWithMenus).toBeGreaterThanOrEqual(4);
    expect(catalog!.unpriced).toBe(0);
    expect(catalog!.remoteImages).toBe(0);
  });

  it('gives the demo customer a default address in Georgetown, TX, and nobody else an address', async () => {
    const rows = await t.database.db
      .select({ email: user.email, city: addresses.city, state: addresses.state, isDefault: addresses.isDefault, latitude: addresses.latitude })
      .from(addresses)
      .innerJoin(profiles, eq(profiles.id, addresses.profileId))
      .innerJoin(user, eq(user.id, profiles.userId));
    expect(rows).toEqual([{ email: 'customer@demo.test', city: 'Georgetown', state: 'TX', isDefault: true, latitude: expect.any(Number) }]);
  });

  it('puts the demo manager to work at the Texas warehouses and the driver at Georgetown, and reads them into their session', async () => {
    const viewers: Record<string, unknown> = {};
    for (const email of ['manager@demo.test', 'driver@demo.test', 'kitchen@demo.test', 'customer@demo.test']) {
      const client = t.client();
      expect((await signIn(client, email, t.env.DEMO_PASSWORD)).status).toBe(200);
      const viewer = await createSessionReader({ auth: t.deps.auth, db: t.database.db })({
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      });
      expect(viewer?.email).toBe(email);
      viewers[email] = viewer && { role: viewer.role, warehouses: await warehouseNames(viewer.warehouseIds), kitchens: viewer.kitchenIds.length };
    }
    expect(viewers).toEqual({
      'manager@demo.test': { role: 'manager', warehouses: ['Austin Central', 'Georgetown'], kitchens: 0 },
      'driver@demo.test': { role: 'driver', warehouses: ['Georgetown'], kitchens: 0 },
      'kitchen@demo.test': { role: 'cloud_kitchen', warehouses: [], kitchens: 1 },
      'customer@demo.test': { role: 'customer', warehouses: [], kitchens: 0 },
    });
  });

  it("the demo customer's address is served by the Georgetown warehouse", async () => {
    const [home] = await t.database.db.select().from(addresses);
    const response = await t.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: home!.latitude, longitude: home!.longitude } });
    const served = (await response.json()) as ServiceArea;
    expect(served).toMatchObject({ inServiceArea: true, warehouse: { name: 'Georgetown', location: 'Georgetown, TX' } });
  });

  describe("the demo customer's past orders", () => {
    const clients = new Map<string, TestClient>();
    async function as(email: string) {
      let client = clients.get(email);
      if (!client) {
        client = t.client();
        expect((await signIn(client, email, t.env.DEMO_PASSWORD)).status).toBe(200);
        clients.set(email, client);
      }
      return client;
    }
    const read = async <T>(email: string, path: string) => {
      const response = await (await as(email)).request(path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;
    /** The calendar day of an instant in a time zone, as order numbers carry it. */
    const localDay = (at: string, timeZone: string) => new Date(Date.parse(at) + tzOffset(timeZone, new Date(at)) * 60_000).toISOString().slice(0, 10);
    const daysAgo = (at: string, timeZone: string) => (Date.parse(localDay(new Date().toISOString(), timeZone)) - Date.parse(localDay(at, timeZone))) / 86_400_000;
    const history = async () => (await read<OrderList>('customer@demo.test', '/api/orders')).orders;

    it('are three delivered orders, groceries and a kitchen dinner, placed days ago on the days their numbers carry', async () => {
      const orders = await history();
      expect(orders.map((order) => ({ type: order.type, status: order.status, source: order.sourceName, daysAgo: daysAgo(order.placedAt, order.timeZone) }))).toEqual([
        { type: 'grocery', status: 'delivered', source: 'Georgetown', daysAgo: 2 },
        { type: 'cloud_kitchen', status: 'delivered', source: 'San Gabriel Tex-Mex Kitchen', daysAgo: 5 },
        { type: 'grocery', status: 'delivered', source: 'Georgetown', daysAgo: 10 },
      ]);
      for (const order of orders) {
        expect(order.timeZone).toBe('America/Chicago');
        expect(order.orderNumber).toBe(`FC-${localDay(order.placedAt, order.timeZone).replaceAll('-', '')}-${order.orderNumber.slice(-4)}`);
      }
      // Recent enough that a return can be asked of the groceries.
      expect(orders[0]!.returnable).toBe(true);
    });

    it('were delivered by the demo driver, paid in cash at the door, each step a few minutes after the last', async () => {
      const [driver] = await t.database.db.select({ profileId: profiles.id }).from(profiles).innerJoin(user, eq(user.id, profiles.userId)).where(eq(user.email, 'driver@demo.test'));
      for (const summary of await history()) {
        const order = await read<Order>('customer@demo.test', `/api/orders/${summary.id}`);
        expect(order.driver).toEqual({ profileId: driver!.profileId, firstName: 'Drew' });
        expect(order.payment).toMatchObject({ method: 'cash_on_delivery', status: 'paid', refundedAmount: 0 });
        expect(order.totals.tip).toBeGreaterThan(0);
        expect(order.address).toMatchObject({ streetAddress: '113 W 8th St', city: 'Georgetown', state: 'TX' });
        // The operator's three moves, the driver taking it (an event on "ready"), leaving and arriving.
        expect(order.events.map((event) => [event.status, event.actor])).toEqual([
          ['placed', 'customer'],
          ['confirmed', order.type === 'grocery' ? 'manager' : 'cloud_kitchen'],
          ['processing', order.type === 'grocery' ? 'manager' : 'cloud_kitchen'],
          ['ready', order.type === 'grocery' ? 'manager' : 'cloud_kitchen'],
          ['ready', 'driver'],
          ['out_for_delivery', 'driver'],
          ['delivered', 'driver'],
        ]);
        expect(order.events[0]!.at).toBe(order.placedAt);
        for (const [index, event] of order.events.entries()) {
          if (index > 0) expect(minutes(order.events[index - 1]!.at, event.at), `${order.orderNumber} ${event.status}`).toBeGreaterThan(0);
        }
        expect(minutes(order.placedAt, order.events.at(-1)!.at)).toBeGreaterThanOrEqual(30);
        expect(minutes(order.placedAt, order.events.at(-1)!.at)).toBeLessThanOrEqual(50);
        // The staff log has each move when it was made, the driver taking the order among them.
        const logged = await t.database.db.select({ action: auditLog.action, at: auditLog.createdAt }).from(auditLog).where(eq(auditLog.entityId, order.id)).orderBy(asc(auditLog.createdAt));
        const staffEvents = order.events.filter((event) => event.actor !== 'customer');
        expect(logged.map((entry) => [entry.action, entry.at.toISOString()])).toEqual(
          staffEvents.map((event, index) => [index === 3 ? 'order.delivery_accepted' : 'order.status_changed', event.at]),
        );
      }
    });

    it("are on the driver's completed deliveries with their tips", async () => {
      const orders = await history();
      const completed = await read<CompletedDeliveriesPage>('driver@demo.test', '/api/driver/completed-deliveries');
      expect(completed.total).toBe(3);
      expect(completed.deliveries.map((delivery) => delivery.orderNumber)).toEqual(orders.map((order) => order.orderNumber));
      expect(completed.deliveries.map((delivery) => delivery.tip)).toEqual(demoPastOrders.map((past) => past.tip).reverse());
      expect(completed.deliveries.map((delivery) => daysAgo(delivery.deliveredAt, delivery.timeZone))).toEqual([2, 5, 10]);
      expect(completed.summary.lastSevenDays).toEqual({ deliveries: 2, tips: completed.deliveries[0]!.tip + completed.deliveries[1]!.tip });
    });

    it('leave nothing open: the cart is empty, no queue has work, the driver is on shift and free', async () => {
      expect((await read<OrderList>('customer@demo.test', '/api/orders?active=true')).orders).toEqual([]);
      expect((await read<Cart>('customer@demo.test', '/api/cart')).items).toEqual([]);
      for (const email of ['manager@demo.test', 'kitchen@demo.test', 'driver@demo.test']) {
        expect((await read<StaffOrderPage>(email, '/api/staff/orders?view=active')).total, email).toBe(0);
      }
      expect((await read<StaffOrderPage>('driver@demo.test', '/api/staff/orders?view=offered')).total).toBe(0);
      expect(await read<DriverAvailability>('driver@demo.test', '/api/driver/availability')).toMatchObject({ available: true });
    });

    it("took the groceries' units off the Georgetown shelves", async () => {
      const names = demoPastOrders.filter((past) => past.source === 'warehouse').flatMap((past) => past.items);
      const shelves = async (app: TestApp) =>
        new Map(
          (
            await app.database.db
              .select({ name: products.name, stock: warehouseProducts.stockQuantity })
              .from(warehouseProducts)
              .innerJoin(products, eq(products.id, warehouseProducts.productId))
              .innerJoin(warehouses, eq(warehouses.id, warehouseProducts.warehouseId))
              .where(and(eq(warehouses.name, 'Georgetown'), inArray(products.name, names.map((item) => item.name))))
          ).map((row) => [row.name, row.stock]),
        );
      // The same catalog, seeded without the history, is what the shelves held before.
      const fresh = await createTestApp({ kind: 'pglite' });
      try {
        await createWarehouses({ db: fresh.database.db, warehouses: demoWarehouses });
        await seedCatalog(fresh.database.db);
        const before = await shelves(fresh);
        const after = await shelves(t);
        expect(after.size).toBe(new Set(names.map((item) => item.name)).size);
        for (const [name, stock] of after) {
          const ordered = names.filter((item) => item.name === name).reduce((sum, item) => sum + item.quantity, 0);
          expect(stock, name).toBe(before.get(name)! - ordered);
        }
      } finally {
        await fresh.close();
      }
    });
  });

  it('Seattle is outside every demo warehouse', async () => {
    const response = await t.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: 47.6062, longitude: -122.3321 } });
    expect(((await response.json()) as ServiceArea).inServiceArea).toBe(false);
  });

  it("gives each demo meal plan a menu of its own kitchen's dishes that fits its name: no meat in a vegetarian plan, tacos on taco night", async () => {
    const plans = await queryRows<{ name: string; dishes: { name: string; description: string; ownKitchen: boolean }[] }>(
      t.database.db,
      sql`select p.name,
            coalesce((select jsonb_agg(jsonb_build_object('name', d.name, 'description', d.description, 'ownKitchen', d.cloud_kitchen_id = p.cloud_kitchen_id))
              from cloud_kitchen_products d where d.id = any(p.dish_ids)), '[]'::jsonb) as dishes
          from meal_plans p`,
    );
    expect(plans.length).toBeGreaterThanOrEqual(10);
    const meat = /\b(chicken|beef|pork|lamb|steak|brisket|bacon|ham|turkey|sausage|andouille|pancetta|ribs|bolognese|carnitas|meat\w*|fish|shrimp|clams?|squid|salmon|tuna)\b/i;
    const pasta = /\b(rigatoni|penne|ziti|linguine|lasagna|spaghetti|fettuccine)\b/i;
    // A plan named for a kind of food serves only dishes of that kind (read from their names and descriptions).
    const kinds: [RegExp, (dish: string) => boolean][] = [
      [/vegetarian|vegan|plant/i, (dish) => !meat.test(dish)],
      [/taco/i, (dish) => /\btacos?\b/i.test(dish)],
      [/pasta/i, (dish) => pasta.test(dish)],
    ];
    for (const plan of plans) {
      expect(plan.dishes.length, `${plan.name} has a menu`).toBeGreaterThan(0);
      expect(plan.dishes.every((dish) => dish.ownKitchen), `${plan.name}'s dishes are its kitchen's`).toBe(true);
    }
    for (const [kind, fits] of kinds) {
      const named = plans.filter((plan) => kind.test(plan.name));
      expect(named.length, String(kind)).toBeGreaterThan(0);
      for (const plan of named) expect(plan.dishes.filter((dish) => !fits(`${dish.name} ${dish.description}`)).map((dish) => dish.name), plan.name).toEqual([]);
    }
  });

  it('delivers a demo meal plan named or described for a weekday on that day, from a kitchen open then', async () => {
    const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const plans = await queryRows<{ name: string; description: string; deliveryDay: number; hours: { day: number }[] }>(
      t.database.db,
      sql`select p.name, p.description, p.delivery_day as "deliveryDay", k.opening_hours as hours
          from meal_plans p join cloud_kitchens k on k.id = p.cloud_kitchen_id`,
    );
    const named = plans.filter((plan) => weekdays.some((day) => plan.name.includes(day) || plan.description.includes(`every ${day}`)));
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const plan of named) {
      const day = weekdays.findIndex((weekday) => plan.name.includes(weekday) || plan.description.includes(`every ${weekday}`));
      expect(weekdays[plan.deliveryDay], plan.name).toBe(weekdays[day]);
      expect(plan.hours.some((open) => open.day === plan.deliveryDay), `${plan.name}'s kitchen opens that day`).toBe(true);
    }
  });
});
