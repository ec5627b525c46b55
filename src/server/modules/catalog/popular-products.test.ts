import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createOrder, signedInPerson, type FixtureLine, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { refreshPopularity } from './popularity';

describe.each(databaseKinds)("the home page's popular products on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let customer: Person;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    customer = await signedInPerson(t, { role: 'customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const popular = async (warehouseId = f.warehouses.austin.id) => {
    // What each instance does every minute: the order below follows sales and ratings as of the last refresh.
    await refreshPopularity({ db: t.database.db });
    // The query the home page's 'Popular products' asks.
    const response = await t.request(`/api/products?warehouseId=${warehouseId}&sort=relevance&page=1&pageSize=8`);
    expect(response.status).toBe(200);
    return ((await response.json()) as ProductList).items.map((item) => item.name);
  };

  const sell = (line: FixtureLine, options: { warehouseId?: string; status?: 'cancelled' | 'delivered'; placedAt?: Date } = {}) =>
    createOrder(t.database.db, {
      customerProfileId: customer.profileId,
      warehouseId: options.warehouseId ?? f.warehouses.austin.id,
      lines: [line],
      status: options.status,
      placedAt: options.placedAt,
    });

  it('ranks by units the warehouse sold in the last four weeks, then by rating, then by name', async () => {
    const byName = ['Baby Carrots', 'Bananas', 'Boneless Skinless Chicken Breast', 'Gala Apples'];
    expect(await popular()).toEqual(byName);

    await sell({ itemType: 'product', productId: f.products.chicken.id, quantity: 2, unitPrice: 899 });
    // A BOGO set sells its product.
    await sell({ itemType: 'bogo', bogoOfferId: f.bogo.id, productId: f.products.apples.id, quantity: 3, unitPrice: 133 });
    // None of these count: a cancelled order, an order from another warehouse, an order five weeks old.
    await sell({ itemType: 'product', productId: f.products.bananas.id, quantity: 50, unitPrice: 49 }, { status: 'cancelled' });
    await sell({ itemType: 'product', productId: f.products.bananas.id, quantity: 50, unitPrice: 59 }, { warehouseId: f.warehouses.jersey.id });
    await sell({ itemType: 'product', productId: f.products.carrots.id, quantity: 50, unitPrice: 149 }, { placedAt: new Date(Date.now() - 35 * 24 * 60 * 60 * 1000) });
    expect(await popular()).toEqual(['Gala Apples', 'Boneless Skinless Chicken Breast', 'Baby Carrots', 'Bananas']);
    // Page by page, across the products that sold and those that follow by name.
    for (const pageSize of [1, 3]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(4 / pageSize); page += 1) {
        const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&page=${page}&pageSize=${pageSize}`);
        const list = (await response.json()) as ProductList;
        expect(list.total).toBe(4);
        paged.push(...list.items.map((item) => item.name));
      }
      expect(paged).toEqual(['Gala Apples', 'Boneless Skinless Chicken Breast', 'Baby Carrots', 'Bananas']);
    }
    // Within a category, only its own popular products come first, on every page, the ones past them too.
    for (const pageSize of [1, 2]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(3 / pageSize); page += 1) {
        const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&categoryId=${f.categories.produce.id}&page=${page}&pageSize=${pageSize}`);
        const list = (await response.json()) as ProductList;
        expect(list.total).toBe(3);
        paged.push(...list.items.map((item) => item.name));
      }
      expect(paged).toEqual(['Gala Apples', 'Baby Carrots', 'Bananas']);
    }
    // Jersey City ranks by its own sales.
    expect((await popular(f.warehouses.jersey.id))[0]).toBe('Bananas');

    // Among products that sold alike (none), the better rated come first.
    const delivered = await createOrder(t.database.db, {
      customerProfileId: customer.profileId,
      warehouseId: f.warehouses.jersey.id,
      lines: [{ itemType: 'product', productId: f.products.bananas.id, quantity: 1, unitPrice: 59 }],
      status: 'delivered',
      driverProfileId: (await signedInPerson(t, { role: 'driver' })).profileId,
    });
    const rated = await customer.client.request('/api/ratings', { method: 'PUT', json: { orderId: delivered.id, orderLineId: delivered.lineIds[0], stars: 4 } });
    expect(rated.status).toBe(200);
    expect(await popular()).toEqual(['Gala Apples', 'Boneless Skinless Chicken Breast', 'Bananas', 'Baby Carrots']);
  });

  it('ranks by the sales and ratings of the last refresh, not those since', async () => {
    const before = await popular();
    await sell({ itemType: 'product', productId: f.products.carrots.id, quantity: 500, unitPrice: 149 });
    const stale = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&sort=relevance&page=1&pageSize=8`);
    expect(((await stale.json()) as ProductList).items.map((item) => item.name)).toEqual(before);
    expect((await popular())[0]).toBe('Baby Carrots');
  });

  // PGlite has one session, in which the lock would be the refresh's own.
  it.skipIf(kind === 'pglite')('leaves a warehouse to the instance that is refreshing it already', async () => {
    await sell({ itemType: 'product', productId: f.products.bananas.id, quantity: 1000, unitPrice: 59 });
    const first = async () => {
      const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&sort=relevance&page=1&pageSize=8`);
      return ((await response.json()) as ProductList).items[0]?.name;
    };
    const before = await first();
    // Another instance holds the warehouse's refresh: this one neither waits for it nor writes.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product_popularity:${f.warehouses.austin.id}`}))`);
      await refreshPopularity({ db: t.database.db });
    });
    expect(await first()).toBe(before);
    expect((await popular())[0]).toBe('Bananas');
  });

  it("marks each shelf popular exactly when its product has the warehouse's popularity, whichever side changes", async () => {
    const db = t.database.db;
    const marks = async () => {
      const rows = await queryRows<{ warehouseId: string; productId: string; popular: boolean; ranked: boolean }>(
        db,
        sql`select wp.warehouse_id as "warehouseId", wp.product_id as "productId", wp.popular,
              exists (select 1 from product_popularity pop where pop.warehouse_id = wp.warehouse_id and pop.product_id = wp.product_id) as ranked
            from warehouse_products wp`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.popular, `${row.productId} in ${row.warehouseId}`).toBe(row.ranked);
      return rows;
    };
    await refreshPopularity({ db });
    expect((await marks()).filter((row) => row.popular).length).toBeGreaterThan(0);

    // A shelf added for a product the warehouse already ranks (it sold there before it was stocked).
    const { jersey } = f.warehouses;
    const { unsold } = f.products;
    await db.execute(sql`insert into product_popularity (warehouse_id, product_id, units) values (${jersey.id}, ${unsold.id}, 3)`);
    await db.execute(sql`insert into warehouse_products (warehouse_id, product_id, price, stock_quantity) values (${jersey.id}, ${unsold.id}, 199, 5)
      on conflict (warehouse_id, product_id) do update set active = true`);
    await marks();
    // A write that says otherwise is corrected: the flag is the database's, not the app's.
    await db.execute(sql`update warehouse_products set popular = false where warehouse_id = ${jersey.id} and product_id = ${unsold.id}`);
    await marks();
    // A product that no longer sold or was rated loses its place with the next refresh, and its mark with it.
    await db.execute(sql`delete from product_popularity where warehouse_id = ${jersey.id} and product_id = ${unsold.id}`);
    expect((await marks()).find((row) => row.warehouseId === jersey.id && row.productId === unsold.id)?.popular).toBe(false);
  });

  it('keeps other sorts and searches as they were', async () => {
    const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&sort=name_asc`);
    expect(((await response.json()) as ProductList).items.map((item) => item.name)).toEqual(['Baby Carrots', 'Bananas', 'Boneless Skinless Chicken Breast', 'Gala Apples']);
    const search = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&q=apple`);
    expect(((await search.json()) as ProductList).items.map((item) => item.name)).toEqual(['Gala Apples']);
  });
});
