import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { createCategory, createProduct } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('the aisle whose names end in the word searched for, on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  // Named with the word last before a comma or a parenthesis, or joined to the word before by a hyphen.
  const tomatoes = ['Tomatoes, Diced', 'Tomatoes (Roma)', 'Heirloom Cherry-Tomatoes'];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    const { category, subcategories } = await createCategory({
      db: t.database.db,
      name: 'Kitchen',
      slug: 'kitchen',
      subcategories: [
        { name: 'Vegetables', slug: 'vegetables' },
        { name: 'Soups', slug: 'soups' },
      ],
    });
    const shelves = [{ warehouseId: f.warehouses.austin.id, price: 300, stockQuantity: 10 }];
    const add = (names: string[], subcategoryId: string) =>
      Promise.all(names.map((name, i) => createProduct({ db: t.database.db, name, sku: `T-${subcategoryId.slice(0, 8)}-${i}`, categoryId: category.id, subcategoryId, shelves })));
    await add(tomatoes, subcategories[0]!.id);
    // More and shorter names: the aisle the query covers most, which would come first without the names' last words.
    await add(['Tomato Soup', 'Tomato Bisque', 'Tomato Broth', 'Tomato Stew'], subcategories[1]!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the products named by the word first, whatever punctuation ends the name', async () => {
    const response = await t.request(`/api/products?warehouseId=${f.warehouses.austin.id}&q=tomato&sort=relevance`);
    const names = ((await response.json()) as ProductList).items.map((item) => item.name);
    expect(names.slice(0, tomatoes.length).sort()).toEqual([...tomatoes].sort());
  });
});
