import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@/shared/roles';
import { createAccount } from '../../db/seed/factories';
import { expectError } from '../../test/expect-error';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

const address = { streetAddress: '1 Test Way', city: 'Austin', state: 'TX', zipCode: '78701' };

describe.each(databaseKinds)('location access by role on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guests may ask which warehouse serves a point, but have no addresses (401)', async () => {
    const guest = t.client();
    const served = await guest.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: 30.27, longitude: -97.74 } });
    expect(served.status).toBe(200);
    await expectError(await guest.request('/api/addresses'), 401, 'UNAUTHORIZED');
    await expectError(await guest.request('/api/addresses', { method: 'POST', json: address }), 401, 'UNAUTHORIZED');
  });

  for (const role of roles) {
    it(`${role}: keeps their own addresses`, async () => {
      const email = uniqueEmail(role);
      await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'R', lastName: 'Ole', role } });
      const client = t.client();
      expect((await signIn(client, email)).status).toBe(200);
      expect((await client.request('/api/addresses', { method: 'POST', json: address })).status).toBe(201);
      const listed = (await (await client.request('/api/addresses')).json()) as unknown[];
      expect(listed).toHaveLength(1);
    });
  }
});
