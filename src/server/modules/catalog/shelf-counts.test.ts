import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)("a product list's total, kept by the shelf counts, on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every warehouse × filter the fixture has: the list's total must equal a count over the shelf. */
  const expectTotalsRight = async () => {
    const { austin, jersey } = f.warehouses;
    const { produce, meat } = f.categories;
    const { fruit, vegetables, poultry } = f.subcategories;
    const filters: { categoryId?: string; subcategoryId?: string }[] = [
      {},
      { categoryId: produce.id },
      { categoryId: meat.id },
      { subcategoryId: fruit.id },
      { subcategoryId: vegetables.id },
      { subcategoryId: poultry.id },
      { categoryId: produce.id, subcategoryId: fruit.id },
    ];
    for (const warehouseId of [austin.id, jersey.id]) {
      for (const filter of filters) {
        const [counted] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from warehouse_products wp join products p on p.id = wp.product_id
              where wp.warehouse_id = ${warehouseId} and wp.active
                and (${filter.categoryId ?? null}::uuid is null or p.category_id = ${filter.categoryId ?? null}::uuid)
                and (${filter.subcategoryId ?? null}::uuid is null or p.subcategory_id = ${filter.subcategoryId ?? null}::uuid)`,
        );
        const query = new URLSearchParams({ warehouseId, ...filter, pageSize: '60' });
        for (const sort of ['relevance', 'name_asc']) {
          const response = await t.request(`/api/products?${query}&sort=${sort}`);
          expect(response.status).toBe(200);
          const list = (await response.json()) as ProductList;
          expect(list.total, `${sort} ${JSON.stringify(filter)} in ${warehouseId === austin.id ? 'Austin' : 'Jersey City'}`).toBe(counted!.n);
          expect(list.items).toHaveLength(counted!.n);
        }
      }
    }
  };

  it('follows products put on and taken off shelves, moved between aisles and deleted', async () => {
    const db = t.database.db;
    const { austin, jersey } = f.warehouses;
    const { bananas, carrots, chicken, unsold } = f.products;
    await expectTotalsRight();

    await db.execute(sql`update warehouse_products set active = false where warehouse_id = ${austin.id} and product_id = ${bananas.id}`);
    await expectTotalsRight();
    // Stock changes (every checkout) leave the counts alone; an update that keeps the shelf active too.
    await db.execute(sql`update warehouse_products set stock_quantity = stock_quantity + 1, active = active where product_id = ${carrots.id}`);
    await db.execute(sql`insert into warehouse_products (warehouse_id, product_id, price, stock_quantity) values (${austin.id}, ${unsold.id}, 399, 5), (${jersey.id}, ${unsold.id}, 399, 5)`);
    await expectTotalsRight();

    await db.execute(sql`update products set subcategory_id = ${f.subcategories.fruit.id} where id = ${carrots.id}`);
    await db.execute(sql`update products set category_id = ${f.categories.produce.id}, subcategory_id = null where id = ${chicken.id}`);
    await expectTotalsRight();

    await db.execute(sql`update warehouse_products set active = true where product_id = ${bananas.id}`);
    await db.execute(sql`delete from warehouse_products where warehouse_id = ${jersey.id} and product_id = ${unsold.id}`);
    await expectTotalsRight();

    await db.execute(sql`delete from products where id = ${unsold.id}`);
    await expectTotalsRight();
  });
});
