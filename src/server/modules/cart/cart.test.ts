import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRefusals, copy } from '@/shared/copy';
import type { Cart } from '@/shared/contracts/cart';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('the cart on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function customer(): Promise<TestClient> {
    const client = t.client();
    const { response } = await signUp(client);
    expect(response.status).toBe(200);
    return client;
  }

  async function json<T = Cart>(response: Response, status = 200): Promise<T> {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    return JSON.parse(text) as T;
  }

  const addProduct = (client: TestClient, productId: string, quantity: number, extra: object = {}) =>
    client.request('/api/cart/items', {
      method: 'POST',
      json: { itemType: 'product', productId, warehouseId: f.warehouses.austin.id, quantity, ...extra },
    });

  it('prices a product from the warehouse and ignores prices sent by the client', async () => {
    const client = await customer();
    const cart = await json(await addProduct(client, f.products.bananas.id, 3, { unitPrice: 1, originalPrice: 1, unit_price: 1 }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ itemType: 'product', quantity: 3, unitPrice: 49, originalPrice: 49, name: 'Bananas' });
    expect(cart.summary).toEqual({ subtotal: 147, serviceFee: 3, taxAmount: 12, deliveryFee: 0, tip: 0, totalAmount: 162 });
    expect(cart.itemCount).toBe(3);
    expect(cart.kind).toBe('grocery');
  });

  it('adding the same item again increases its quantity and re-prices it from the original price', async () => {
    const client = await customer();
    let cart = await json(await addProduct(client, f.products.chicken.id, 1));
    expect(cart.items[0]).toMatchObject({ quantity: 1, unitPrice: 899, originalPrice: 899 });
    cart = await json(await addProduct(client, f.products.chicken.id, 1));
    expect(cart.items).toHaveLength(1);
    // 10 % off 899 = 809.1 → 809
    expect(cart.items[0]).toMatchObject({ quantity: 2, unitPrice: 809, originalPrice: 899 });
    const lineId = cart.items[0]!.id;
    cart = await json(await client.request(`/api/cart/items/${lineId}`, { method: 'PATCH', json: { quantity: 6 } }));
    // subcategory 12.5 % beats product 10 % and category 7.5 %: 786.625 → 787
    expect(cart.items[0]).toMatchObject({ quantity: 6, unitPrice: 787 });
    cart = await json(await client.request(`/api/cart/items/${lineId}`, { method: 'PATCH', json: { quantity: 1 } }));
    expect(cart.items[0]).toMatchObject({ quantity: 1, unitPrice: 899 });
    cart = await json(await client.request(`/api/cart/items/${lineId}`, { method: 'PATCH', json: { quantity: 0 } }));
    expect(cart.items).toEqual([]);
  });

  it('prices a bundle at its price and a BOGO set at X units for X+Y', async () => {
    const client = await customer();
    await json(await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'bundle', bundleId: f.bundle.id, warehouseId: f.warehouses.austin.id, quantity: 2 } }));
    const cart = await json(
      await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'bogo', bogoOfferId: f.bogo.id, warehouseId: f.warehouses.austin.id, quantity: 1 } }),
    );
    const bundleLine = cart.items.find((line) => line.itemType === 'bundle')!;
    const bogoLine = cart.items.find((line) => line.itemType === 'bogo')!;
    // Components: 2 × 49 + 2 × 199 = 496
    expect(bundleLine).toMatchObject({ quantity: 2, unitPrice: 400, originalPrice: 496, detail: 'Bundle of 2 products' });
    expect(bogoLine).toMatchObject({ quantity: 1, unitPrice: 2 * 199, originalPrice: 3 * 199, productId: f.products.apples.id });
    expect(cart.summary.subtotal).toBe(2 * 400 + 398);
  });

  it('never mixes groceries and kitchen dishes, with the exact refusals', async () => {
    const client = await customer();
    await json(await addProduct(client, f.products.bananas.id, 1));
    const refusal = await expectError(
      await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, quantity: 1 } }),
      409,
      'CART_KIND_MISMATCH',
    );
    expect(refusal.message).toBe(copy.cart.groceryItemsBlockKitchen);

    const cart = await json(await client.request('/api/cart/items', { method: 'DELETE' }));
    expect(cart.items).toEqual([]);
    const dishCart = await json(
      await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, quantity: 2 } }),
    );
    expect(dishCart.items[0]).toMatchObject({ itemType: 'cloud_kitchen', unitPrice: 1299, warehouseId: f.warehouses.austin.id, cloudKitchenId: f.kitchenId });
    const reverse = await expectError(await addProduct(client, f.products.bananas.id, 1), 409, 'CART_KIND_MISMATCH');
    expect(reverse.message).toBe(copy.cart.kitchenItemsBlockGrocery);
    expect((await json(await client.request('/api/cart'))).items).toHaveLength(1);
  });

  it('reads the session once per request', async () => {
    const client = await customer();
    const counter = countStatements(t.database);
    try {
      await json(await addProduct(client, f.products.bananas.id, 1));
      const sessionReads = counter.statements.filter((text) => /\bfrom session\b/.test(text));
      expect(sessionReads).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });

  it('reads its own lines and asks the catalog once for all of them, however many', async () => {
    const client = await customer();
    const statements = async () => {
      const counter = countStatements(t.database);
      try {
        await json(await client.request('/api/cart'));
        return counter.statements.filter((text) => !/\bfrom session\b/.test(text));
      } finally {
        counter.stop();
      }
    };
    await json(await addProduct(client, f.products.bananas.id, 1));
    const one = await statements();
    await json(await addProduct(client, f.products.apples.id, 1));
    await json(await addProduct(client, f.products.chicken.id, 1));
    await json(await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'bundle', bundleId: f.bundle.id, warehouseId: f.warehouses.austin.id, quantity: 1 } }));
    const four = await statements();
    expect(four).toHaveLength(one.length);
    // The cart's own read names only its own tables; the catalog's names the catalog's.
    const cartRead = four.find((text) => /\bcart_items\b/.test(text))!;
    expect(cartRead).not.toMatch(/\b(products|warehouse_products|bundle_items|bogo_offers|cloud_kitchen_products|cloud_kitchens|warehouses)\b/);
    expect(four.filter((text) => /\bwarehouse_products\b/.test(text))).toHaveLength(1);
  });

  it("refuses to reach another customer's cart line", async () => {
    const owner = await customer();
    const intruder = await customer();
    const cart = await json(await addProduct(owner, f.products.bananas.id, 2));
    const lineId = cart.items[0]!.id;
    await expectError(await intruder.request(`/api/cart/items/${lineId}`, { method: 'PATCH', json: { quantity: 9 } }), 404, 'NOT_FOUND');
    await expectError(await intruder.request(`/api/cart/items/${lineId}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    const after = await json(await owner.request('/api/cart'));
    expect(after.items[0]).toMatchObject({ id: lineId, quantity: 2 });
    expect((await json(await intruder.request('/api/cart'))).items).toEqual([]);
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const client = await customer();
    await json(await addProduct(client, f.products.bananas.id, 1));
    const unchanged = async () => expect((await json(await client.request('/api/cart'))).items.map((line) => line.quantity)).toEqual([1]);

    for (const quantity of [0, -1, 1.5, '2', null]) {
      await expectError(await addProduct(client, f.products.apples.id, quantity as number), 400, 'VALIDATION_FAILED');
    }
    await expectError(await addProduct(client, '00000000-0000-4000-8000-000000000000', 1), 404, 'NOT_FOUND');
    await expectError(await addProduct(client, f.products.unsold.id, 1), 404, 'NOT_FOUND');
    await expectError(
      await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.closed.id, quantity: 1 } }),
      404,
      'NOT_FOUND',
    );
    const stock = await expectError(await addProduct(client, f.products.carrots.id, 4), 409, 'INSUFFICIENT_STOCK');
    expect(stock.message).toBe('Only 3 left in stock.');
    const cap = await expectError(await addProduct(client, f.products.bananas.id, 100), 400, 'QUANTITY_LIMIT');
    expect(cap).toEqual({ code: 'QUANTITY_LIMIT', message: copy.cart.quantityLimit, fields: { quantity: copy.cart.quantityLimit } });
    // A line is exactly one item.
    const two = await expectError(await addProduct(client, f.products.apples.id, 1, { bundleId: f.bundle.id }), 400, 'VALIDATION_FAILED');
    expect(two.fields).toEqual({ bundleId: 'A cart line is exactly one item' });
    await expectError(await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'gift', quantity: 1 } }), 400, 'VALIDATION_FAILED');
    await expectError(await client.request('/api/cart/items/not-a-uuid', { method: 'PATCH', json: { quantity: 1 } }), 400, 'VALIDATION_FAILED');
    await expectError(
      await client.request('/api/cart/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"itemType":' }),
      400,
      'MALFORMED_REQUEST',
    );
    // A second warehouse's groceries do not join a cart from the first.
    await expectError(
      await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.apples.id, warehouseId: f.warehouses.jersey.id, quantity: 1 } }),
      409,
      'CART_WAREHOUSE_MISMATCH',
    );
    await unchanged();
  });

  it("keeps an item's line at its warehouse: the same product from another warehouse is refused, on add and on merge", async () => {
    const client = await customer();
    const before = await json(await addProduct(client, f.products.apples.id, 1));
    const fromJersey = { itemType: 'product', productId: f.products.apples.id, warehouseId: f.warehouses.jersey.id, quantity: 1 } as const;
    await expectError(await client.request('/api/cart/items', { method: 'POST', json: fromJersey }), 409, 'CART_WAREHOUSE_MISMATCH');
    const merged = await json(await client.request('/api/cart/merge', { method: 'POST', json: { items: [{ ...fromJersey, quantity: 2 }] } }));
    expect(merged.skipped).toEqual([{ itemType: 'product', name: 'Gala Apples', reason: cartRefusals.otherWarehouse }]);
    const after = await json(await client.request('/api/cart'));
    expect(after.items.map(({ warehouseId, quantity, unitPrice }) => ({ warehouseId, quantity, unitPrice }))).toEqual([
      { warehouseId: f.warehouses.austin.id, quantity: 1, unitPrice: before.items[0]!.unitPrice },
    ]);
  });

  it('has one cart per customer: a second is refused', async () => {
    const client = await customer();
    const created = await json(await client.request('/api/cart', { method: 'POST' }), 201);
    expect(created.items).toEqual([]);
    await expectError(await client.request('/api/cart', { method: 'POST' }), 409, 'CART_EXISTS');
  });

  it('prices a guest cart without an account, skipping what it cannot take', async () => {
    const guest = t.client();
    const quote = await json(
      await guest.request('/api/cart/quote', {
        method: 'POST',
        json: {
          items: [
            { id: 'a', itemType: 'product', productId: f.products.chicken.id, warehouseId: f.warehouses.austin.id, quantity: 2, unitPrice: 1 },
            { id: 'b', itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, quantity: 1 },
          ],
        },
      }),
    );
    expect(quote.id).toBe('local');
    expect(quote.items).toEqual([expect.objectContaining({ id: 'a', unitPrice: 809, originalPrice: 899 })]);
    // A guest's line reads the same as a customer's.
    const customerCart = await json(await addProduct(await customer(), f.products.chicken.id, 2));
    const { id: _guestId, ...guestLine } = quote.items[0]!;
    const { id: _lineId, ...customerLine } = customerCart.items[0]!;
    expect(guestLine).toEqual(customerLine);
    expect(quote.skipped).toEqual([{ id: 'b', itemType: 'cloud_kitchen', name: 'Brisket Tacos', reason: copy.cart.groceryItemsBlockKitchen }]);
  });

  const bananas = (id: string, quantity: number) => ({ id, itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity });
  const carrots = (id: string, quantity: number) => ({ id, itemType: 'product', productId: f.products.carrots.id, warehouseId: f.warehouses.austin.id, quantity });

  it("quotes a guest cart by the merge's rules: one line per item, limited to the cap and the stock", async () => {
    const items = [bananas('a', 99), carrots('c', 9), bananas('b', 99), bananas('d', 99)];
    const quote = await json(await t.client().request('/api/cart/quote', { method: 'POST', json: { items } }));
    expect(quote.items.map((line) => [line.id, line.name, line.quantity, line.maxQuantity])).toEqual([
      ['a', 'Bananas', 99, 99],
      ['c', 'Baby Carrots', 3, 3],
    ]);
    expect(quote.summary.subtotal).toBe(99 * 49 + 3 * 149);
    expect(quote.skipped).toEqual([
      { id: 'a', itemType: 'product', name: 'Bananas', quantity: 99, reason: copy.cart.quantityLimit },
      { id: 'c', itemType: 'product', name: 'Baby Carrots', quantity: 3, reason: 'Only 3 left in stock.' },
    ]);

    // Merging the same items gives the same cart.
    const client = await customer();
    const merged = await json(await client.request('/api/cart/merge', { method: 'POST', json: { items } }));
    expect(merged.items.map((line) => [line.name, line.quantity, line.unitPrice, line.maxQuantity])).toEqual(
      quote.items.map((line) => [line.name, line.quantity, line.unitPrice, line.maxQuantity]),
    );
    expect(merged.skipped).toEqual(quote.skipped);
    expect(merged.summary).toEqual(quote.summary);
  });

  it('caps every line at 99 on add, update and merge, for every kind of item, with one refusal', async () => {
    const refusal = { code: 'QUANTITY_LIMIT', message: copy.cart.quantityLimit, fields: { quantity: copy.cart.quantityLimit } };
    const client = await customer();
    let cart = await json(await addProduct(client, f.products.bananas.id, 99));
    expect(cart.items[0]).toMatchObject({ quantity: 99, maxQuantity: 99 });
    // Bananas have 100 in stock: the cap, not the stock, refuses the 100th.
    expect(await expectError(await addProduct(client, f.products.bananas.id, 1), 400, 'QUANTITY_LIMIT')).toEqual(refusal);
    expect(await expectError(await client.request(`/api/cart/items/${cart.items[0]!.id}`, { method: 'PATCH', json: { quantity: 100 } }), 400, 'QUANTITY_LIMIT')).toEqual(refusal);
    for (const item of [
      { itemType: 'bundle', bundleId: f.bundle.id, warehouseId: f.warehouses.austin.id },
      { itemType: 'bogo', bogoOfferId: f.bogo.id, warehouseId: f.warehouses.austin.id },
    ]) {
      expect(await expectError(await client.request('/api/cart/items', { method: 'POST', json: { ...item, quantity: 100 } }), 400, 'QUANTITY_LIMIT')).toEqual(refusal);
    }
    cart = await json(await client.request('/api/cart'));
    expect(cart.items.map((line) => line.quantity)).toEqual([99]);

    // A merge takes at most 99 of an item, however many the guest asked for.
    const merged = await json(await client.request('/api/cart/merge', { method: 'POST', json: { items: [bananas('x', 250)] } }));
    expect(merged.items.map((line) => line.quantity)).toEqual([99]);
    expect(merged.skipped).toEqual([{ id: 'x', itemType: 'product', name: 'Bananas', quantity: 99, reason: copy.cart.quantityLimit }]);

    // Dishes are cooked to order, but the cap holds for them too, in a customer's cart as in a guest's quote.
    const dishes = await customer();
    const dish = { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id };
    cart = await json(await dishes.request('/api/cart/items', { method: 'POST', json: { ...dish, quantity: 99 } }));
    expect(cart.items[0]).toMatchObject({ quantity: 99, maxQuantity: 99 });
    expect(await expectError(await dishes.request('/api/cart/items', { method: 'POST', json: { ...dish, quantity: 1 } }), 400, 'QUANTITY_LIMIT')).toEqual(refusal);
    const quote = await json(await t.client().request('/api/cart/quote', { method: 'POST', json: { items: [{ ...dish, quantity: 1 }] } }));
    expect(quote.items[0]).toMatchObject({ quantity: 1, maxQuantity: 99 });
  });

  it("merges a guest cart on sign-in: the larger quantity wins and nothing is doubled", async () => {
    const client = await customer();
    await json(await addProduct(client, f.products.bananas.id, 2));
    const merged = await json(
      await client.request('/api/cart/merge', {
        method: 'POST',
        json: {
          items: [
            { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 },
            { itemType: 'product', productId: f.products.apples.id, warehouseId: f.warehouses.austin.id, quantity: 4 },
            { itemType: 'product', productId: f.products.carrots.id, warehouseId: f.warehouses.austin.id, quantity: 9 },
            { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, quantity: 1 },
          ],
        },
      }),
    );
    const quantities = Object.fromEntries(merged.items.map((line) => [line.name, line.quantity]));
    // Carrots are capped at the 3 in stock.
    expect(quantities).toEqual({ Bananas: 2, 'Gala Apples': 4, 'Baby Carrots': 3 });
    expect(merged.skipped).toEqual([
      { itemType: 'product', name: 'Baby Carrots', quantity: 3, reason: 'Only 3 left in stock.' },
      { itemType: 'cloud_kitchen', name: 'Brisket Tacos', reason: copy.cart.groceryItemsBlockKitchen },
    ]);
    // Merging the same items again changes nothing.
    const again = await json(
      await client.request('/api/cart/merge', {
        method: 'POST',
        json: { items: [{ itemType: 'product', productId: f.products.apples.id, warehouseId: f.warehouses.austin.id, quantity: 4 }] },
      }),
    );
    expect(again.items.map((line) => line.quantity)).toEqual([2, 4, 3]);
  });
});
