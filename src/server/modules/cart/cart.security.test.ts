import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@/shared/roles';
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
