import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { roles } from '@/shared/roles';
import { AppError } from '../../lib/errors';
import { addCartItem } from './add-cart-item';
import { createCartRoutes } from './cart.routes';
import { getCart } from './get-cart';
import { mergeGuestCart } from './merge-guest-cart';
import { clearCart, removeCartItem, updateCartItem } from './update-cart-item';
import { createAccount } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('cart access by role on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses signed-out visitors with 401', async () => {
    const guest = t.client();
    await expectError(await guest.request('/api/cart'), 401, 'UNAUTHORIZED');
    await expectError(await guest.request('/api/cart/items', { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    await expectError(await guest.request('/api/cart/merge', { method: 'POST', json: { items: [] } }), 401, 'UNAUTHORIZED');
  });

  it('guards every route but the guest quote, each route on its own', async () => {
    const guest = t.client();
    const routes = createCartRoutes(t.deps).routes.filter((route) => route.method !== 'ALL');
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toContain('POST /quote');
    for (const route of routes) {
      if (route.path === '/quote') continue;
      const path = '/api/cart' + route.path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(/\/$/, '');
      const response = await guest.request(path, { method: route.method, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
    }
  });

  it('the use cases themselves admit customers only, whatever route calls them', async () => {
    const db = t.database.db;
    const item = { itemType: 'product' as const, productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 };
    const lineId = '00000000-0000-4000-8000-000000000000';
    const staff = { userId: 'u', email: 'm@example.test', profileId: '00000000-0000-4000-8000-000000000001', role: 'manager' as const, warehouseIds: [], kitchenIds: [] };
    const calls = (viewer: typeof staff | undefined) => [
      () => getCart({ db, viewer }),
      () => addCartItem({ db, viewer, item }),
      () => updateCartItem({ db, viewer, lineId, quantity: 1 }),
      () => removeCartItem({ db, viewer, lineId }),
      () => clearCart({ db, viewer }),
      () => mergeGuestCart({ db, viewer, items: [item] }),
    ];
    for (const call of calls(staff)) {
      await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403, message: copy.cart.staffNoCart });
    }
    for (const call of calls(undefined)) {
      await expect(call()).rejects.toBeInstanceOf(AppError);
      await expect(call()).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
  });

  for (const role of roles) {
    it(`${role}: ${role === 'customer' ? 'owns a cart' : 'has no cart (403)'}`, async () => {
      const email = uniqueEmail(role);
      await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'R', lastName: 'Ole', role } });
      const client = t.client();
      expect((await signIn(client, email)).status).toBe(200);
      const add = await client.request('/api/cart/items', {
        method: 'POST',
        json: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 },
      });
      if (role === 'customer') {
        expect(add.status).toBe(200);
        expect((await client.request('/api/cart')).status).toBe(200);
      } else {
        await expectError(add, 403, 'FORBIDDEN');
        await expectError(await client.request('/api/cart'), 403, 'FORBIDDEN');
      }
    });
  }
});
