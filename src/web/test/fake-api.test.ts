import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as client, ApiError, apiFetch, unwrap } from '@/web/lib/api-client';
import { createFakeApi, type FakeApi } from './fake-api';
import type { ProductDetail } from '@/shared/contracts/catalog';
import { aProduct, aUser, georgetownId, jerseyCityId } from './fake-data';

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (call: Promise<unknown>) => call.then(() => null, (error: unknown) => (error instanceof ApiError ? { status: error.status, code: error.code, message: error.message, fields: error.fields } : error));

describe('the fake API, through the app’s own client', () => {
  it('lists, searches and pages the products of the asked warehouse', async () => {
    const georgetown = await unwrap(client.products.$get({ query: { pageSize: '2', sort: 'price_asc' } }));
    expect(georgetown).toMatchObject({ warehouseId: georgetownId, total: 3, page: 1, pageSize: 2 });
    expect(georgetown.items.map((item) => item.name)).toEqual(['Spaghetti', 'Brie']);
    const jersey = await unwrap(client.products.$get({ query: { warehouseId: jerseyCityId, q: 'spag' } }));
    expect(jersey.items).toEqual([expect.objectContaining({ name: 'Spaghetti', price: 249 })]);
    expect(api.requestsTo('GET /api/products').map((request) => request.query.get('warehouseId'))).toEqual([null, jerseyCityId]);
  });

  it('answers a refused input with the contract’s message at the field', async () => {
    expect(await refusal(unwrap(client.products.$get({ query: { sort: 'cheapest' as 'price_asc' } })))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { sort: expect.any(String) } });
    expect(await refusal(apiFetch('/api/nothing-here'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('prices a guest cart like a merge would: one line per item, limited to the cap and the stock, what it cannot take named', async () => {
    const [spaghetti, brie, chicken] = api.data.products as [ProductDetail, ProductDetail, ProductDetail];
    spaghetti.stockQuantity = 500;
    const bagels = aProduct(20, { name: 'Bagels', warehouseId: jerseyCityId });
    api.data.products.push(bagels);
    const quote = await unwrap(
      client.cart.quote.$post({
        json: {
          items: [
            { id: 'a', itemType: 'product', productId: spaghetti.id, warehouseId: georgetownId, quantity: 60 },
            { id: 'b', itemType: 'product', productId: spaghetti.id, warehouseId: georgetownId, quantity: 60 },
            { id: 'c', itemType: 'product', productId: brie.id, warehouseId: georgetownId, quantity: 9 },
            { id: 'd', itemType: 'product', productId: bagels.id, warehouseId: jerseyCityId, quantity: 1 },
            { id: 'e', itemType: 'cloud_kitchen', cloudKitchenProductId: api.data.kitchens[0]!.menu.sections[0]!.dishes[0]!.id, quantity: 1 },
            { id: 'f', itemType: 'product', productId: chicken.id, warehouseId: jerseyCityId, quantity: 1 },
            { id: 'g', itemType: 'product', productId: '00000004-0000-4000-8000-000000009999', warehouseId: georgetownId, quantity: 1 },
          ],
        },
      }),
    );
    expect(quote.items.map((line) => [line.id, line.name, line.quantity, line.unitPrice, line.maxQuantity])).toEqual([
      ['a', 'Spaghetti', 99, 199, 99],
      ['c', 'Brie', 5, 599, 5],
    ]);
    expect(quote.skipped).toEqual([
      { id: 'a', itemType: 'product', name: 'Spaghetti', quantity: 99, reason: 'You can have at most 99 of an item in your cart.' },
      { id: 'c', itemType: 'product', name: 'Brie', quantity: 5, reason: 'Only 5 left in stock.' },
      { id: 'd', itemType: 'product', name: 'Bagels', reason: 'Your cart has items from another warehouse. Please clear your cart to shop this warehouse.' },
      { id: 'e', itemType: 'cloud_kitchen', name: 'Dish 1.1', reason: 'You have grocery items in your cart. Please clear your cart to order from cloud kitchen.' },
      // Known but not sold by this warehouse, then not known at all.
      { id: 'f', itemType: 'product', name: 'Chicken Breast', reason: 'This item is not available.' },
      { id: 'g', itemType: 'product', reason: 'This item is not available.' },
    ]);
    expect(quote.summary).toMatchObject({ subtotal: 99 * 199 + 5 * 599, deliveryFee: 299 });
  });

  it("keeps a customer's cart: add, the same item again, change, remove; mixing refused with the server's codes", async () => {
    expect(await refusal(unwrap(client.cart.$get()))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const customer = api.signIn('customer');
    const chicken = api.data.products[2]!;
    const add = () => unwrap(client.cart.items.$post({ json: { itemType: 'product', productId: chicken.id, warehouseId: georgetownId, quantity: 1 } }));
    await add();
    const twice = await add();
    // The quantity discount applies from 2: 10 % off 939.
    expect(twice.items).toEqual([expect.objectContaining({ quantity: 2, unitPrice: 845, originalPrice: 939 })]);
    const dish = api.data.kitchens[0]!.menu.sections[0]!.dishes[0]!;
    expect(await refusal(unwrap(client.cart.items.$post({ json: { itemType: 'cloud_kitchen', cloudKitchenProductId: dish.id, quantity: 1 } })))).toMatchObject({ status: 409, code: 'CART_KIND_MISMATCH' });

    const line = twice.items[0]!;
    expect((await unwrap(client.cart.items[':id'].$patch({ param: { id: line.id }, json: { quantity: 5 } }))).itemCount).toBe(5);
    // Chicken has 40 in stock: more is refused at the quantity field, on an update as on an add.
    expect(await refusal(unwrap(client.cart.items[':id'].$patch({ param: { id: line.id }, json: { quantity: 41 } })))).toMatchObject({ status: 409, code: 'INSUFFICIENT_STOCK', fields: { quantity: 'Only 40 left in stock.' } });
    expect(await refusal(add().then(() => unwrap(client.cart.items.$post({ json: { itemType: 'product', productId: chicken.id, warehouseId: georgetownId, quantity: 35 } }))))).toMatchObject({ status: 409, code: 'INSUFFICIENT_STOCK' });
    expect((await unwrap(client.cart.items[':id'].$delete({ param: { id: line.id } }))).items).toEqual([]);
    expect(api.cartOf(customer).items).toEqual([]);
  });

  it('merges a guest cart into the customer’s by the same rules: the larger quantity wins, what it could not take is listed', async () => {
    const customer = api.signIn('customer');
    const brie = api.data.products[1]!;
    api.fillCart(customer, [{ itemType: 'product', productId: brie.id, warehouseId: georgetownId, quantity: 1 }]);
    const merged = await unwrap(
      client.cart.merge.$post({
        json: {
          items: [
            { itemType: 'product', productId: brie.id, warehouseId: georgetownId, quantity: 2 },
            { itemType: 'product', productId: '00000004-0000-4000-8000-000000009999', warehouseId: georgetownId, quantity: 1 },
          ],
        },
      }),
    );
    expect(merged.items).toEqual([expect.objectContaining({ productId: brie.id, quantity: 2 })]);
    expect(merged.skipped).toEqual([{ itemType: 'product', reason: 'This item is not available.' }]);
  });

  it('refuses the cart to staff', async () => {
    api.signIn('manager');
    expect(await refusal(unwrap(client.cart.$get()))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it("keeps a user's addresses, geocoded by ZIP code, with one default, listed first", async () => {
    api.signIn(aUser('customer'));
    const first = await unwrap(client.addresses.$post({ json: { label: 'Home', streetAddress: '800 S Main St', city: 'Georgetown', state: 'tx', zipCode: '78626' } }));
    expect(first).toMatchObject({ state: 'TX', latitude: 30.6333, longitude: -97.6779, isDefault: true });
    const second = await unwrap(client.addresses.$post({ json: { label: 'Work', streetAddress: '1 Nowhere Rd', city: 'Nowhere', state: 'TX', zipCode: '79999' } }));
    expect(second).toMatchObject({ latitude: null, longitude: null, isDefault: false });
    await unwrap(client.addresses[':id'].default.$post({ param: { id: second.id } }));
    // As the server lists them: the default first.
    expect((await unwrap(client.addresses.$get())).map((address) => [address.label, address.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    await unwrap(client.addresses[':id'].$delete({ param: { id: first.id } }));
    expect(await unwrap(client.addresses.$get())).toHaveLength(1);
    expect(await refusal(unwrap(client.addresses.$post({ json: { streetAddress: '', city: 'X', state: 'ZZ', zipCode: '1' } })))).toMatchObject({ status: 400, fields: { streetAddress: 'Street address is required', state: 'Use a two-letter US state code' } });
    // The geocoder knows 07302 is in New Jersey: a ZIP code from another state than the one typed is refused.
    expect(await refusal(unwrap(client.addresses.$post({ json: { streetAddress: '1 Grove St', city: 'Jersey City', state: 'TX', zipCode: '07302' } })))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { zipCode: 'ZIP code 07302 is in NJ, not TX.' } });
    expect(await unwrap(client.addresses.$get())).toHaveLength(1);
  });

  it('chooses the nearest warehouse that delivers to a point, and kitchens within range nearest first', async () => {
    expect(await unwrap(client['select-warehouse-and-fee'].$post({ json: { latitude: 40.72, longitude: -74.04 } }))).toMatchObject({ inServiceArea: true, warehouse: { id: jerseyCityId }, deliveryFee: 299 });
    expect(await unwrap(client['select-warehouse-and-fee'].$post({ json: { latitude: 47.6, longitude: -122.3 } }))).toEqual({ inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null });
    const nearby = await unwrap(client.kitchens.nearby.$post({ json: { userLatitude: 30.6333, userLongitude: -97.6779, calculateDistance: true } }));
    expect(nearby.cloudKitchens.map((kitchen) => kitchen.businessName)).toEqual(['Casa Rio', 'Lone Star BBQ']);
    expect(nearby.cloudKitchens[0]!.distanceMiles).toBeCloseTo(0.5, 1);
    const menu = await unwrap(client.kitchens[':id'].$get({ param: { id: nearby.cloudKitchens[0]!.id } }));
    expect(menu.sections[0]!.dishes).toHaveLength(2);
  });

  it('signs in, reads the session and profile, updates the profile, signs out', async () => {
    const user = aUser('customer');
    api.data.users.push(user);
    expect(await apiFetch('/api/auth/get-session')).toBeNull();
    expect(await refusal(apiFetch('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: 'nope' } }))).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    await apiFetch('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
    expect(await apiFetch('/api/auth/get-session')).toMatchObject({ user: { id: user.id, email: user.email } });
    expect(await unwrap(client.profile.$patch({ json: { firstName: 'Robin', phone: '' } }))).toMatchObject({ firstName: 'Robin', phone: null });
    await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(await refusal(unwrap(client.profile.$get()))).toMatchObject({ status: 401 });
  });

  it('lets a test replace an endpoint, once or for good', async () => {
    api.on('GET /api/categories', () => [], { times: 1 });
    expect(await unwrap(client.categories.$get({ query: {} }))).toEqual([]);
    expect(await unwrap(client.categories.$get({ query: {} }))).toHaveLength(2);
  });
});
