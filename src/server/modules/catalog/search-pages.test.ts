import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { createCategory, createProduct } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createOrder, signedInPerson } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { RANKED_MATCHES } from './list-products';
import { refreshPopularity } from './popularity';

describe.each(databaseKinds)('a search with more matches than it ranks first on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  const widgets = RANKED_MATCHES + 60;
  const longest = 'Widget Deluxe Stainless Steel Extra Large Family Size Edition';

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    const { category, subcategories } = await createCategory({ db: t.database.db, name: 'Hardware', slug: 'hardware', subcategories: [{ name: 'Tools', slug: 'tools' }] });
    const shelf = [{ warehouseId: f.warehouses.austin.id, price: 500, stockQuantity: 10 }];
    for (let i = 0; i < widgets - 1; i += 1) {
      // Names of many lengths, all holding the word.
      const name = `Widget ${'Mini '.repeat(i % 5)}${i}`;
      await createProduct({ db: t.database.db, name, sku: `T-WID-${i}`, categoryId: category.id, subcategoryId: subcategories[0]!.id, shelves: shelf });
    }
    const popular = await createProduct({ db: t.database.db, name: longest, sku: 'T-WID-LONG', categoryId: category.id, subcategoryId: subcategories[0]!.id, shelves: shelf });
    const customer = await signedInPerson(t, { role: 'customer' });
    await createOrder(t.database.db, {
      customerProfileId: customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [{ itemType: 'product', productId: popular.id, quantity: 5, unitPrice: 500 }],
    });
    await refreshPopularity({ db: t.database.db });
  });
  afterAll(async () => {
    await t?.close();
  });

  const allPages = async (pageSize: number) => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&q=widget&pageSize=${pageSize}&page=${page}`);
      expect(response.status).toBe(200);
      const list = (await response.json()) as ProductList;
      expect(list.total).toBe(widgets);
      if (list.items.length === 0) return ids;
      ids.push(...list.items.map((item) => item.id));
    }
  };

  it('lists every match once, in the same order whatever the page size', async () => {
    const bySmallPages = await allPages(24);
    expect(bySmallPages).toHaveLength(widgets);
    expect(new Set(bySmallPages).size).toBe(widgets);
    expect(await allPages(60)).toEqual(bySmallPages);
  });

  it('ranks a product that sells first even when its long name is not among the names ranked first', async () => {
    const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&q=widget&pageSize=5`);
    expect(((await response.json()) as ProductList).items[0]!.name).toBe(longest);
  });
});
