import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceArea } from '@/shared/contracts/locations';
import { queryRows } from '../client';
import { addresses, profiles, user, warehouses } from '../schema';
import { createSessionReader } from '../../lib/read-session';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

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

  it('Seattle is outside every demo warehouse', async () => {
    const response = await t.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: 47.6062, longitude: -122.3321 } });
    expect(((await response.json()) as ServiceArea).inServiceArea).toBe(false);
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
