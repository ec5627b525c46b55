import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)("searches of one word or alternatives, read from the shelf's word index, on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  // Words of names, brands and descriptions, before and after the changes below, and alternatives of them.
  const words = ['bananas', 'banana', 'dole', 'apples', 'carrots', 'chicken', 'perdue', 'dragon', 'fruit', 'plantain', 'tropical', 'sweet', 'dole or perdue', 'apples or fruit or sweet'];

  /** The index holds one row per word of every active shelf, and a search of one word or alternatives finds what the shelf's search vector matches. */
  const expectWordsRight = async (step: string) => {
    const db = t.database.db;
    const drift = await queryRows<{ side: string; warehouse_id: string; lexeme: string; product_id: string }>(
      db,
      sql`with expected as (
            select wp.warehouse_id, lexeme, length(wp.product_name) as name_length, wp.product_id
            from warehouse_products wp, unnest(tsvector_to_array(wp.search_vector)) lexeme where wp.active),
          kept as (select warehouse_id, lexeme, name_length, product_id from shelf_words)
          (select 'missing' as side, * from expected except select 'missing', * from kept)
          union all
          (select 'stale', * from kept except select 'stale', * from expected)`,
    );
    expect(drift, step).toEqual([]);

    for (const warehouseId of [f.warehouses.austin.id, f.warehouses.jersey.id]) {
      for (const word of words) {
        const matching = await queryRows<{ id: string }>(
          db,
          sql`select product_id as id from warehouse_products
              where warehouse_id = ${warehouseId} and active and search_vector @@ websearch_to_tsquery('english', ${word})`,
        );
        const response = await t.request(`/api/products?${new URLSearchParams({ warehouseId, q: word, pageSize: '60' })}`);
        expect(response.status).toBe(200);
        const list = (await response.json()) as ProductList;
        const where = `${step}: '${word}' in ${warehouseId === f.warehouses.austin.id ? 'Austin' : 'Jersey City'}`;
        // A word that matches nothing is taken as a misspelling and finds its neighbours instead.
        if (matching.length === 0) continue;
        expect(list.total, where).toBe(matching.length);
        expect(list.items.map((item) => item.id).sort(), where).toEqual(matching.map((row) => row.id).sort());
      }
    }
  };

  it('answers a misspelt search in as many statements as a correct one: its words and the words it means in one', async () => {
    const counter = countStatements(t.database);
    try {
      const statementsFor = async (q: string) => {
        counter.reset();
        const response = await t.request(`/api/products?${new URLSearchParams({ warehouseId: f.warehouses.austin.id, q })}`);
        expect(response.status).toBe(200);
        const list = (await response.json()) as ProductList;
        expect(list.items.map((item) => item.id), q).toContain(f.products.chicken.id);
        return counter.statements.length;
      };
      const correct = await statementsFor('chicken');
      expect(await statementsFor('chiken')).toBe(correct);
      expect(await statementsFor('chikcen breast')).toBe(correct);
    } finally {
      counter.stop();
    }
  });

  it('follows shelves added, switched off and on, moved and removed, and products renamed, re-described and deleted', async () => {
    const db = t.database.db;
    const { austin, jersey } = f.warehouses;
    const { bananas, carrots, chicken, unsold } = f.products;
    await expectWordsRight('fixture');

    await db.execute(sql`update warehouse_products set active = false where warehouse_id = ${austin.id} and product_id = ${bananas.id}`);
    // Stock and price changes (every checkout) leave the words alone.
    await db.execute(sql`update warehouse_products set stock_quantity = stock_quantity + 1, price = price + 1, active = active where product_id = ${carrots.id}`);
    await expectWordsRight('switched off');

    // Several shelves in one statement, as an import writes them.
    await db.execute(sql`insert into warehouse_products (warehouse_id, product_id, price, stock_quantity) values (${austin.id}, ${unsold.id}, 399, 5), (${jersey.id}, ${unsold.id}, 399, 5)`);
    await expectWordsRight('added');

    await db.execute(sql`update products set name = 'Sweet Plantain' where id = ${bananas.id}`);
    await db.execute(sql`update products set short_description = 'Tropical fruit, sweet and crisp' where id = ${unsold.id}`);
    await db.execute(sql`update products set brand = 'Dole' where id = ${chicken.id}`);
    await expectWordsRight('renamed and re-described');

    await db.execute(sql`update warehouse_products set active = true where product_id = ${bananas.id}`);
    await db.execute(sql`delete from warehouse_products where warehouse_id = ${jersey.id} and product_id = ${unsold.id}`);
    await db.execute(sql`update warehouse_products set warehouse_id = ${jersey.id} where warehouse_id = ${austin.id} and product_id = ${carrots.id}`);
    await expectWordsRight('switched on, removed and moved');

    await db.execute(sql`delete from products where id = ${unsold.id}`);
    await expectWordsRight('product deleted');
  });
});
