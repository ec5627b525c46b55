import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Deals, ProductDetail, ProductList } from '@/shared/contracts/catalog';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { illustration } from '../../test/illustration';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { productBundles } from './catalog.tables';

describe.each(databaseKinds)('the catalog on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(path: string): Promise<T> {
    const response = await t.request(path);
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status: 200 });
    return JSON.parse(text) as T;
  }

  const names = (list: ProductList) => list.items.map((item) => item.name);

  describe('get_best_discount_for_product_with_quantity', () => {
    const best = async (quantity: number) => {
      const { chicken } = f.products;
      const rows = await queryRows<{ discount_percentage: string | number; scope: string }>(
        t.database.db,
        sql`select * from get_best_discount_for_product_with_quantity(${chicken.id}::uuid, ${chicken.categoryId}::uuid, ${chicken.subcategoryId}::uuid, ${quantity})`,
      );
      return rows.map((row) => ({ percentage: Number(row.discount_percentage), scope: row.scope }));
    };

    it('picks the highest percentage among product, subcategory and category discounts the quantity reaches', async () => {
      expect(await best(1)).toEqual([]); // expired and inactive discounts never apply
      expect(await best(2)).toEqual([{ percentage: 10, scope: 'product' }]);
      expect(await best(4)).toEqual([{ percentage: 10, scope: 'product' }]); // 10 beats the category's 7.5
      expect(await best(6)).toEqual([{ percentage: 12.5, scope: 'subcategory' }]);
    });
  });

  it('lists what the selected warehouse sells at its prices', async () => {
    const austin = await get<ProductList>(`/api/products?warehouseId=${f.warehouses.austin.id}&sort=name_asc`);
    expect(names(austin)).toEqual(['Baby Carrots', 'Bananas', 'Boneless Skinless Chicken Breast', 'Gala Apples']);
    expect(austin.items.find((item) => item.name === 'Bananas')).toMatchObject({ price: 49, inStock: true, brand: 'Dole' });
    const jersey = await get<ProductList>(`/api/products?warehouseId=${f.warehouses.jersey.id}&sort=price_desc`);
    expect(jersey.items.map((item) => [item.name, item.price])).toEqual([
      ['Boneless Skinless Chicken Breast', 949],
      ['Gala Apples', 209],
      ['Bananas', 59],
    ]);
    expect(jersey.items.find((item) => item.name === 'Gala Apples')?.bogo).toMatchObject({ buyQuantity: 2, getQuantity: 1 });
  });

  it('uses the default warehouse when none is named', async () => {
    const list = await get<ProductList>('/api/products');
    expect(list.warehouseId).toBe(f.warehouses.austin.id);
  });

  it('filters by category and subcategory, sorts by price and paginates', async () => {
    const fruit = await get<ProductList>(`/api/products?subcategoryId=${f.subcategories.fruit.id}&sort=price_asc`);
    expect(names(fruit)).toEqual(['Bananas', 'Gala Apples']);
    const produce = await get<ProductList>(`/api/products?categoryId=${f.categories.produce.id}&sort=price_asc&pageSize=2&page=2`);
    expect(produce).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(produce)).toEqual(['Gala Apples']);
  });

  it('finds products despite typos', async () => {
    expect(names(await get<ProductList>('/api/products?q=banan'))).toEqual(['Bananas']);
    expect(names(await get<ProductList>('/api/products?q=chiken'))).toEqual(['Boneless Skinless Chicken Breast']);
    expect(names(await get<ProductList>('/api/products?q=apples'))).toEqual(['Gala Apples']);
    expect(names(await get<ProductList>('/api/products?q=perdue'))).toEqual(['Boneless Skinless Chicken Breast']);
    expect((await get<ProductList>('/api/products?q=zzzzqqq')).total).toBe(0);
    expect(await get<ProductList>('/api/products?q=chiken')).toMatchObject({ total: 1 });
    expect(await get<ProductList>(`/api/products?q=apple&categoryId=${f.categories.produce.id}`)).toMatchObject({ total: 1 });
  });

  it('prices the trigram match so that a misspelled search reads the trigram index, not every product', async () => {
    const [match] = await queryRows<{ cost: number }>(t.database.db, sql`select procost::int as cost from pg_proc where proname = 'word_similarity_op'`);
    expect(match?.cost).toBeGreaterThanOrEqual(100);
  });

  it('answers bad catalog queries with a clear 4xx', async () => {
    // Every kind of page refuses a warehouse that is closed or unknown: default order, filtered, sorted, searched.
    for (const warehouseId of [f.warehouses.closed.id, '00000000-0000-4000-8000-000000000000']) {
      for (const rest of ['', `&categoryId=${f.categories.produce.id}`, '&sort=price_asc', '&q=banana', '&q=zzzzqqq', '&q=banana&page=20']) {
        await expectError(await t.request(`/api/products?warehouseId=${warehouseId}${rest}`), 404, 'NOT_FOUND');
      }
    }
    await expectError(await t.request('/api/products?warehouseId=nope'), 400, 'VALIDATION_FAILED');
    await expectError(await t.request('/api/products?sort=random'), 400, 'VALIDATION_FAILED');
    await expectError(await t.request('/api/products?pageSize=500'), 400, 'VALIDATION_FAILED');
    await expectError(await t.request(`/api/products/${f.products.unsold.id}`), 404, 'NOT_FOUND');
    await expectError(await t.request('/api/products/42'), 400, 'VALIDATION_FAILED');
  });

  it('shows a product with its discount tiers and related products', async () => {
    const detail = await get<ProductDetail>(`/api/products/${f.products.chicken.id}`);
    expect(detail).toMatchObject({ name: 'Boneless Skinless Chicken Breast', sku: 'T-CHK', price: 899, category: { slug: 'meat-seafood' } });
    expect(detail.discountTiers).toEqual([
      { minQuantity: 2, percentage: 10, scope: 'product' },
      { minQuantity: 6, percentage: 12.5, scope: 'subcategory' },
    ]);
    // Related: the same aisle (subcategory), in stock at this warehouse.
    const bananas = await get<ProductDetail>(`/api/products/${f.products.bananas.id}`);
    expect(bananas.related.map((item) => item.name)).toEqual(['Gala Apples']);
    expect(bananas.warehouseId).toBe(f.warehouses.austin.id);
  });

  it('lists categories with counts and the deals of a warehouse', async () => {
    const categories = await get<Category[]>(`/api/categories?warehouseId=${f.warehouses.jersey.id}`);
    expect(categories.map((category) => [category.slug, category.productCount])).toEqual([
      ['fruits-vegetables', 2],
      ['meat-seafood', 1],
    ]);
    const deals = await get<Deals>(`/api/deals?warehouseId=${f.warehouses.austin.id}`);
    expect(deals.bundles).toEqual([expect.objectContaining({ name: 'Fruit Basket', price: 400, originalPrice: 496, available: true })]);
    expect(deals.bogoOffers).toEqual([
      {
        id: f.bogo.id,
        name: 'Buy 2 Get 1 Apples',
        description: '',
        productId: f.products.apples.id,
        productName: 'Gala Apples',
        image: '/api/media/products/T-APL.svg',
        buyQuantity: 2,
        getQuantity: 1,
        price: 398,
        originalPrice: 597,
        available: true,
      },
    ]);
  });

  it('pictures a bundle by the items it holds, the one worth most in front, with no text drawn; an uploaded image wins', async () => {
    const deals = await get<Deals>(`/api/deals?warehouseId=${f.warehouses.austin.id}`);
    expect(deals.bundles[0]!.image).toBe(`/api/media/bundles/${f.bundle.id}.svg`);
    const response = await t.request(`/api/media/bundles/${f.bundle.id}.svg`);
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(svg).toContain('aria-label="Fruit Basket"');
    expect(svg).not.toMatch(/<text|Bundle/);
    // Two apples cost more than two bananas: the apple leads, drawn last so it stands in front.
    expect(svg.indexOf(illustration('banana'))).toBeGreaterThan(0);
    expect(svg.indexOf(illustration('red-apple'))).toBeGreaterThan(svg.indexOf(illustration('banana')));

    await t.database.db.update(productBundles).set({ imageUrl: '/uploads/fruit-basket.jpg' }).where(eq(productBundles.id, f.bundle.id));
    try {
      expect((await get<Deals>(`/api/deals?warehouseId=${f.warehouses.austin.id}`)).bundles[0]!.image).toBe('/uploads/fruit-basket.jpg');
    } finally {
      await t.database.db.update(productBundles).set({ imageUrl: null }).where(eq(productBundles.id, f.bundle.id));
    }
  });

  it('draws each product as what it is, kept long by browsers and cheap to ask for again', async () => {
    const response = await t.request('/api/media/products/T-BAN.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=2592000');
    const svg = await response.text();
    expect(svg).toContain('aria-label="Bananas"');
    expect(svg).toContain(illustration('banana'));
    expect(svg).not.toContain(illustration('red-apple'));
    expect((await (await t.request('/api/media/products/T-CHK.svg')).text())).toContain(illustration('poultry-leg'));
    expect((await (await t.request('/api/media/categories/fruits-vegetables.svg')).text())).toContain(illustration('red-apple'));

    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request('/api/media/products/T-BAN.svg', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await expectError(await t.request('/api/media/products/NOPE.svg'), 404, 'NOT_FOUND');
    await expectError(await t.request('/api/media/bundles/00000000-0000-4000-8000-000000000000.svg'), 404, 'NOT_FOUND');
    await expectError(await t.request('/api/media/categories/nope.svg'), 404, 'NOT_FOUND');
    await expectError(await t.request('/api/media/bundles/not-a-uuid.svg'), 404, 'NOT_FOUND');
    for (const kind of ['unknown', 'constructor', 'toString', '__proto__']) {
      await expectError(await t.request(`/api/media/${kind}/T-BAN.svg`), 404, 'NOT_FOUND');
    }
  });
});
