import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@/shared/contracts/cart';
import type { ProductList } from '@/shared/contracts/catalog';
import type { AdminBogoOffer, AdminBundle, AdminCategory, AdminDiscount, AdminProduct, AdminProductPage, ProductInput } from '@/shared/contracts/catalog-admin';
import { catalogAdminCopy } from '@/shared/staff-copy';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { auditEntriesFor } from '../../test/audit-entries';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { illustration } from '../../test/illustration';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

const refusals = catalogAdminCopy.refusals;

describe.each(databaseKinds)('the admin catalog on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let admin: Person;
  let manager: Person;
  let customer: Person;

  beforeAll(async () => {
    // The storefront cache on, as in production: an admin's change must still show at once.
    t = await createTestApp({ kind, env: { CATALOG_CACHE_SECONDS: '600' } });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    admin = await signedInPerson(t, { role: 'admin' });
    manager = await signedInPerson(t, { role: 'manager', warehouseIds: [f.warehouses.austin.id] });
    customer = await signedInPerson(t, { role: 'customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const base = '/api/admin/catalog';
  const send = (who: Person, method: string, path: string, json?: unknown) => who.client.request(`${base}${path}`, { method, json });
  let skuCounter = 0;
  const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
    name: 'Purple Carrots',
    sku: `ADM-${Date.now()}-${(skuCounter += 1)}`,
    brand: 'Rainbow Farms',
    unit: '1 lb',
    shortDescription: 'Sweet and crunchy',
    categoryId: f.categories.produce.id,
    subcategoryId: f.subcategories.vegetables.id,
    images: ['/api/uploads/00000000-0000-4000-8000-000000000000.png'],
    ...overrides,
  });
  const auditOf = (entityId: string) => auditEntriesFor(t.database.db, entityId);
  const search = async (q: string) =>
    expectJson<ProductList>(await t.client().request(`/api/products?warehouseId=${f.warehouses.austin.id}&q=${encodeURIComponent(q)}`));

  it('a new product with a price and stock at a warehouse is found there by search at once, and every step is audited', async () => {
    // Fill the storefront cache with the search first.
    expect((await search('Zebra Melon')).items).toEqual([]);
    const created = await expectJson<AdminProduct>(await send(admin, 'POST', '/products', productInput({ name: 'Zebra Melon' })), 201);
    expect(created.shelves.find((shelf) => shelf.warehouseId === f.warehouses.austin.id)).toMatchObject({ price: null, active: false });
    const shelved = await expectJson<AdminProduct>(
      await send(admin, 'PUT', `/products/${created.id}/shelves/${f.warehouses.austin.id}`, { price: 349, stockQuantity: 25, active: true }),
    );
    expect(shelved.shelves.find((shelf) => shelf.warehouseId === f.warehouses.austin.id)).toMatchObject({ price: 349, stockQuantity: 25, active: true });
    const found = await search('Zebra Melon');
    expect(found.items.map((item) => [item.name, item.price])).toEqual([['Zebra Melon', 349]]);
    expect(found.items[0]!.image).toBe('/api/uploads/00000000-0000-4000-8000-000000000000.png');

    const audit = await auditOf(created.id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual(
      expect.arrayContaining([
        ['product.created', admin.email],
        ['product.shelf_set', admin.email],
      ]),
    );
    expect(audit.find((entry) => entry.action === 'product.shelf_set')).toMatchObject({
      before: null,
      after: { price: 349, stockQuantity: 25, active: true },
      summary: 'Set Zebra Melon at Austin: $3.49, 25 in stock, on sale',
    });

    // Deactivating stops selling it everywhere, also at once.
    await expectJson(await send(admin, 'POST', `/products/${created.id}/active`, { active: false }));
    expect((await search('Zebra Melon')).items).toEqual([]);
    expect((await auditOf(created.id)).map((entry) => entry.action)).toContain('product.deactivated');
  });

  it('puts a product new on a shelf, and a renamed one, in their places by name on the default pages and in search', async () => {
    // Nothing sold or was rated in this app, so the default order is the shelf by name, which the
    // default pages read from the shelf's own copy of the names and `name_asc` from the products.
    const names = async (sort: string) =>
      (await expectJson<ProductList>(await t.client().request(`/api/products?warehouseId=${f.warehouses.austin.id}&sort=${sort}&pageSize=60`))).items.map((item) => item.name);
    const created = await expectJson<AdminProduct>(await send(admin, 'POST', '/products', productInput({ name: 'Aardvark Apples', brand: 'Xylophone Orchards' })), 201);
    await expectJson(await send(admin, 'PUT', `/products/${created.id}/shelves/${f.warehouses.austin.id}`, { price: 199, stockQuantity: 5, active: true }));
    const shelf = await names('relevance');
    expect(shelf[0]).toBe('Aardvark Apples');
    expect(shelf).toEqual(await names('name_asc'));

    // A brand is found by its words only (a near-spelling is looked for in names).
    expect((await search('xylophone')).items.map((item) => item.name)).toEqual(['Aardvark Apples']);

    await expectJson(await send(admin, 'PUT', `/products/${created.id}`, productInput({ name: 'Zucchini Zest', sku: created.sku, brand: 'Quokka Growers' })));
    // The storefront's search reads the shelf's copy of the words, renamed and rebranded with it.
    expect((await search('xylophone')).items).toEqual([]);
    expect((await search('zucchini')).items.map((item) => item.name)).toEqual(['Zucchini Zest']);
    expect((await search('quokka')).items.map((item) => item.name)).toEqual(['Zucchini Zest']);
    // Near-spellings are looked for among the words of the names (ADR 055): the new name's words are
    // there, the old name's stay (they match nothing now), a brand's never were.
    const nameWords = await queryRows<{ word: string }>(t.database.db, sql`select word from search_words where word in ('aardvark', 'apples', 'zucchini', 'zest', 'xylophone', 'quokka') order by word`);
    expect(nameWords.map((row) => row.word)).toEqual(['aardvark', 'apples', 'zest', 'zucchini']);
    expect((await search('zuchini zets')).items.map((item) => item.name)).toEqual(['Zucchini Zest']);
    const renamed = await names('relevance');
    expect(renamed.at(-1)).toBe('Zucchini Zest');
    expect(renamed).not.toContain('Aardvark Apples');
    expect(renamed).toEqual(await names('name_asc'));
    // Paged, the same order.
    const paged: string[] = [];
    for (let page = 1; paged.length < renamed.length; page += 1) {
      const list = await expectJson<ProductList>(await t.client().request(`/api/products?warehouseId=${f.warehouses.austin.id}&page=${page}&pageSize=2`));
      paged.push(...list.items.map((item) => item.name));
    }
    expect(paged).toEqual(renamed);
  });

  it('edits a product, lists it paged, searched and filtered by category', async () => {
    const created = await expectJson<AdminProduct>(await send(admin, 'POST', '/products', productInput({ name: 'Quince Paste' })), 201);
    const edited = await expectJson<AdminProduct>(
      await send(admin, 'PUT', `/products/${created.id}`, productInput({ name: 'Quince Jelly', sku: created.sku, images: [] })),
    );
    // Without photos it shows the picture the server draws for it, which is none of its photos.
    expect(edited).toMatchObject({ name: 'Quince Jelly', images: [], picture: `/api/media/products/${created.sku}.svg` });
    const page = await expectJson<AdminProductPage>(await send(admin, 'GET', `/products?q=quince&categoryId=${f.categories.produce.id}`));
    expect(page.products.map((row) => row.name)).toEqual(['Quince Jelly']);
    const bananas = await expectJson<AdminProductPage>(await send(admin, 'GET', '/products?q=T-BAN'));
    // Austin, Jersey City and the closed warehouse stock them.
    expect(bananas.products).toEqual([expect.objectContaining({ name: 'Bananas', warehouses: 3, activeWarehouses: 3 })]);
    expect((await expectJson<AdminProductPage>(await send(admin, 'GET', `/products?q=quince&categoryId=${f.categories.meat.id}`))).total).toBe(0);
    const firstPage = await expectJson<AdminProductPage>(await send(admin, 'GET', '/products?pageSize=2'));
    expect(firstPage.products).toHaveLength(2);
    expect(firstPage.total).toBeGreaterThan(2);
    const [updated] = (await auditOf(created.id)).filter((entry) => entry.action === 'product.updated');
    expect(updated).toMatchObject({ before: { name: 'Quince Paste' }, after: { name: 'Quince Jelly' } });
  });

  it('pictures a product made without a photo by what it is, apart from its photos, until an uploaded photo replaces the drawn one', async () => {
    const upload = '/api/uploads/00000000-0000-4000-8000-000000000000.png';
    const created = await expectJson<AdminProduct>(await send(admin, 'POST', '/products', productInput({ name: 'Baby Carrots Family Pack', images: [] })), 201);
    const drawn = `/api/media/products/${created.sku}.svg`;
    // The admin edits photos: the drawn picture is what shoppers see, never one of them to move or delete.
    expect(created).toMatchObject({ images: [], picture: drawn });
    const picture = await t.request(drawn);
    expect(picture.status).toBe(200);
    expect(await picture.text()).toContain(illustration('carrot'));
    expect((await expectJson<AdminProduct>(await send(admin, 'GET', `/products/${created.id}`))).images).toEqual([]);

    // The first photo uploaded is the main picture.
    const withPhoto = await expectJson<AdminProduct>(await send(admin, 'PUT', `/products/${created.id}`, productInput({ name: created.name, sku: created.sku, images: [upload] })));
    expect(withPhoto).toMatchObject({ images: [upload], picture: upload });
    // A drawn picture sent back by an older form still never stands beside a photo.
    const sentBack = await expectJson<AdminProduct>(await send(admin, 'PUT', `/products/${created.id}`, productInput({ name: created.name, sku: created.sku, images: [drawn, upload] })));
    expect(sentBack.images).toEqual([upload]);

    // A new SKU without photos is drawn under its new name, not left pointing at the old one.
    const renamed = await expectJson<AdminProduct>(
      await send(admin, 'PUT', `/products/${created.id}`, productInput({ name: created.name, sku: `${created.sku}-B`, images: [] })),
    );
    expect(renamed).toMatchObject({ images: [], picture: `/api/media/products/${created.sku}-B.svg` });
  });

  it('refuses bad product input at the field and writes nothing', async () => {
    const taken = await expectError(await send(admin, 'POST', '/products', productInput({ sku: 'T-BAN' })), 400, 'VALIDATION_FAILED');
    expect(taken.fields).toEqual({ sku: refusals.skuTaken });
    const wrongSub = await expectError(
      await send(admin, 'POST', '/products', productInput({ subcategoryId: f.subcategories.poultry.id })),
      400,
      'VALIDATION_FAILED',
    );
    expect(wrongSub.fields).toEqual({ subcategoryId: refusals.subcategoryOutsideCategory });
    const blank = await expectError(await send(admin, 'POST', '/products', productInput({ name: ' ', images: ['javascript:alert(1)'] })), 400, 'VALIDATION_FAILED');
    expect(Object.keys(blank.fields ?? {}).sort()).toEqual(['images.0', 'name']);
    for (const price of [0, -5, 1.5]) {
      const refused = await expectError(
        await send(admin, 'PUT', `/products/${f.products.unsold.id}/shelves/${f.warehouses.austin.id}`, { price, stockQuantity: 1, active: true }),
        400,
        'VALIDATION_FAILED',
      );
      expect(Object.keys(refused.fields ?? {})).toEqual(['price']);
    }
    await expectError(await send(admin, 'PUT', `/products/${f.products.unsold.id}/shelves/${f.warehouses.closed.id}`, { price: 100, stockQuantity: 1, active: true }), 404, 'NOT_FOUND');
    await expectError(await send(admin, 'PUT', '/products/00000000-0000-4000-8000-000000000000', productInput()), 404, 'NOT_FOUND');
    expect(await auditOf(f.products.unsold.id)).toEqual([]);
  });

  it('creates, renames and orders categories and subcategories', async () => {
    const { id } = await expectJson<{ id: string }>(await send(admin, 'POST', '/categories', { name: 'Pantry & Spices', sortOrder: 5 }), 201);
    const sub = await expectJson<{ id: string }>(await send(admin, 'POST', '/subcategories', { categoryId: id, name: 'Spices', sortOrder: 1 }), 201);
    await expectJson(await send(admin, 'PUT', `/categories/${id}`, { name: 'Pantry', description: 'Shelf-stable', sortOrder: 0 }));
    const duplicate = await expectError(await send(admin, 'POST', '/categories', { name: 'Pantry', sortOrder: 1 }), 400, 'VALIDATION_FAILED');
    expect(duplicate.fields).toEqual({ name: refusals.nameTaken });
    const list = await expectJson<AdminCategory[]>(await send(admin, 'GET', '/categories'));
    expect(list.find((category) => category.id === f.categories.produce.id)?.productCount).toBeGreaterThanOrEqual(5);
    expect(list.find((category) => category.id === id)).toMatchObject({ id, name: 'Pantry', slug: 'pantry', sortOrder: 0, subcategories: [{ id: sub.id, name: 'Spices', slug: 'pantry-and-spices-spices' }] });
    const actions = (await auditOf(id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(['category.created', 'category.updated']);
    // The storefront's categories follow.
    const storefront = await expectJson<{ name: string }[]>(await t.client().request('/api/categories'));
    expect(storefront.map((category) => category.name)).toContain('Pantry');
  });

  it('a bundle needs two products, and is listed with its components', async () => {
    const one = await expectError(
      await send(admin, 'POST', '/bundles', { name: 'Solo', discountedPrice: 100, items: [{ productId: f.products.bananas.id, quantity: 1 }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(one.fields).toEqual({ items: 'A bundle needs at least 2 products' });
    const items = [
      { productId: f.products.bananas.id, quantity: 3 },
      { productId: f.products.carrots.id, quantity: 1 },
    ];
    const { id } = await expectJson<{ id: string }>(await send(admin, 'POST', '/bundles', { name: 'Snack Pack', discountedPrice: 250, items }), 201);
    const bundle = (await expectJson<AdminBundle[]>(await send(admin, 'GET', '/bundles'))).find((candidate) => candidate.id === id);
    expect(bundle).toMatchObject({ name: 'Snack Pack', discountedPrice: 250, active: true, items: expect.arrayContaining([expect.objectContaining({ name: 'Bananas', quantity: 3 })]) });
    const deals = await expectJson<{ bundles: { name: string; price: number; originalPrice: number }[] }>(
      await t.client().request(`/api/deals?warehouseId=${f.warehouses.austin.id}`),
    );
    expect(deals.bundles.find((candidate) => candidate.name === 'Snack Pack')).toMatchObject({ price: 250, originalPrice: 3 * 49 + 149 });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['bundle.created']);
  });

  it('a new buy-X-get-Y offer and a new quantity discount price the cart as customers see it', async () => {
    const offer = await expectJson<{ id: string }>(
      await send(admin, 'POST', '/bogo-offers', { name: 'Carrots 3 for 2', productId: f.products.carrots.id, buyQuantity: 2, getQuantity: 1 }),
      201,
    );
    const bogoCart = await expectJson<Cart>(
      await customer.client.request('/api/cart/items', { method: 'POST', json: { itemType: 'bogo', bogoOfferId: offer.id, warehouseId: f.warehouses.austin.id, quantity: 1 } }),
    );
    expect(bogoCart.items[0]).toMatchObject({ itemType: 'bogo', unitPrice: 2 * 149, originalPrice: 3 * 149 });
    await customer.client.request('/api/cart/items', { method: 'DELETE' });

    const discount = await expectJson<{ id: string }>(
      await send(admin, 'POST', '/discounts', { name: 'Apples 3+', scope: 'product', targetId: f.products.apples.id, minQuantity: 3, percentage: 20 }),
      201,
    );
    const cart = await expectJson<Cart>(
      await customer.client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.apples.id, warehouseId: f.warehouses.austin.id, quantity: 3 } }),
    );
    // 20 % off 199 = 159.2 → 159
    expect(cart.items[0]).toMatchObject({ unitPrice: 159, originalPrice: 199 });
    const listed = (await expectJson<AdminDiscount[]>(await send(admin, 'GET', '/discounts'))).find((candidate) => candidate.id === discount.id);
    expect(listed).toMatchObject({ scope: 'product', targetName: 'Gala Apples', percentage: 20, minQuantity: 3 });

    // Switched off, it no longer applies.
    await expectJson(await send(admin, 'PUT', `/discounts/${discount.id}`, { name: 'Apples 3+', scope: 'product', targetId: f.products.apples.id, minQuantity: 3, percentage: 20, active: false }));
    const [line] = (await expectJson<Cart>(await customer.client.request('/api/cart'))).items;
    const repriced = await expectJson<Cart>(await customer.client.request(`/api/cart/items/${line!.id}`, { method: 'PATCH', json: { quantity: 4 } }));
    expect(repriced.items[0]).toMatchObject({ unitPrice: 199 });
    expect((await auditOf(discount.id)).map((entry) => entry.action).sort()).toEqual(['discount.created', 'discount.updated']);
    expect((await auditOf(offer.id)).map((entry) => entry.action)).toEqual(['bogo_offer.created']);
  });

  it('refuses bad discounts and offers at the field', async () => {
    const discount = (overrides: object) => send(admin, 'POST', '/discounts', { name: 'Bad', scope: 'category', targetId: f.categories.meat.id, minQuantity: 1, percentage: 10, ...overrides });
    for (const percentage of [0, 100, 150]) {
      expect((await expectError(await discount({ percentage }), 400, 'VALIDATION_FAILED')).fields).toEqual({ percentage: 'Percentage must be from 1 to 99' });
    }
    const backwards = await expectError(await discount({ validFrom: '2030-02-01T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }), 400, 'VALIDATION_FAILED');
    expect(backwards.fields).toEqual({ validUntil: 'Must be after the start' });
    const unknown = await expectError(await discount({ scope: 'product', targetId: f.categories.meat.id }), 400, 'VALIDATION_FAILED');
    expect(unknown.fields).toEqual({ targetId: refusals.targetUnknown });
    const zero = await expectError(await send(admin, 'POST', '/bogo-offers', { name: 'Free', productId: f.products.apples.id, buyQuantity: 0, getQuantity: 1 }), 400, 'VALIDATION_FAILED');
    expect(Object.keys(zero.fields ?? {})).toEqual(['buyQuantity']);
    const listed = await expectJson<AdminDiscount[]>(await send(admin, 'GET', '/discounts'));
    expect(listed.filter((candidate) => candidate.name === 'Bad')).toEqual([]);
  });

  it('is for admins only', async () => {
    for (const who of [manager, customer]) {
      await expectError(await send(who, 'GET', '/products'), 403, 'FORBIDDEN');
      await expectError(await send(who, 'POST', '/products', productInput()), 403, 'FORBIDDEN');
      await expectError(await send(who, 'PUT', `/products/${f.products.bananas.id}/shelves/${f.warehouses.austin.id}`, { price: 1, stockQuantity: 1, active: true }), 403, 'FORBIDDEN');
    }
    await expectError(await t.client().request(`${base}/categories`), 401, 'UNAUTHORIZED');
  });

  it('saves a discount on every product and an offer with a validity window, refusing bad ones at the field', async () => {
    const everything = { name: 'Everything 50+', scope: 'all', minQuantity: 50, percentage: 5 };
    // 'all' takes no target; the other scopes need one.
    expect((await expectError(await send(admin, 'POST', '/discounts', { ...everything, targetId: f.categories.meat.id }), 400, 'VALIDATION_FAILED')).fields).toEqual({
      targetId: 'A discount on every product has no target',
    });
    expect((await expectError(await send(admin, 'POST', '/discounts', { ...everything, scope: 'category' }), 400, 'VALIDATION_FAILED')).fields).toEqual({
      targetId: 'Choose what the discount applies to',
    });
    const { id } = await expectJson<{ id: string }>(await send(admin, 'POST', '/discounts', everything), 201);
    const listed = (await expectJson<AdminDiscount[]>(await send(admin, 'GET', '/discounts'))).find((candidate) => candidate.id === id);
    expect(listed).toMatchObject({ scope: 'all', targetId: null, targetName: null, minQuantity: 50, percentage: 5 });
    // Narrowed to a category later, it is a category discount again.
    await expectJson(await send(admin, 'PUT', `/discounts/${id}`, { ...everything, scope: 'category', targetId: f.categories.meat.id, active: false }));
    const narrowed = (await expectJson<AdminDiscount[]>(await send(admin, 'GET', '/discounts'))).find((candidate) => candidate.id === id);
    expect(narrowed).toMatchObject({ scope: 'category', targetId: f.categories.meat.id, targetName: 'Meat & Seafood', active: false });
    expect((await auditOf(id)).map((entry) => entry.action).sort()).toEqual(['discount.created', 'discount.updated']);

    const offer = { name: 'Weekend carrots', productId: f.products.carrots.id, buyQuantity: 1, getQuantity: 1, active: false };
    const backwards = await expectError(await send(admin, 'POST', '/bogo-offers', { ...offer, startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }), 400, 'VALIDATION_FAILED');
    expect(backwards.fields).toEqual({ endsAt: 'Must be after the start' });
    const notADate = await expectError(await send(admin, 'POST', '/bogo-offers', { ...offer, startsAt: 'Saturday' }), 400, 'VALIDATION_FAILED');
    expect(notADate.fields).toEqual({ startsAt: 'Must be a date and time' });
    const created = await expectJson<{ id: string }>(await send(admin, 'POST', '/bogo-offers', { ...offer, startsAt: '2030-01-05T06:00:00Z', endsAt: '2030-01-07T06:00:00Z' }), 201);
    const offers = await expectJson<AdminBogoOffer[]>(await send(admin, 'GET', '/bogo-offers'));
    expect(offers.find((candidate) => candidate.id === created.id)).toMatchObject({ startsAt: '2030-01-05T06:00:00.000Z', endsAt: '2030-01-07T06:00:00.000Z' });
    // Saved without a window, it has none.
    await expectJson(await send(admin, 'PUT', `/bogo-offers/${created.id}`, offer));
    const opened = (await expectJson<AdminBogoOffer[]>(await send(admin, 'GET', '/bogo-offers'))).find((candidate) => candidate.id === created.id);
    expect(opened).toMatchObject({ startsAt: null, endsAt: null });
  });
});
