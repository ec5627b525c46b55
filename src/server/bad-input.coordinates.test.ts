import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './db/seed/factories';
import { createCatalogFixture } from './test/catalog-fixture';
import { expectError } from './test/expect-error';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp } from './test/test-app';
import { databaseKinds } from './test/test-database';

/** PostgreSQL's trigonometry fails on a number this close to zero ("value out of range: underflow"). */
const vanishinglySmall = [5e-324, -1e-310, 1e-200];

describe.each(databaseKinds)('coordinates too close to zero on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(vanishinglySmall)('refuses a nearby-kitchens search at latitude %d at the field', async (userLatitude) => {
    const response = await t.request('/api/kitchens/nearby', { method: 'POST', json: { userLatitude, userLongitude: -97.74, calculateDistance: true } });
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields).toEqual({ userLatitude: 'Latitude is not a usable coordinate' });
  });

  it('searches at latitude and longitude 0', async () => {
    const response = await t.request('/api/kitchens/nearby', { method: 'POST', json: { userLatitude: 0, userLongitude: 0, calculateDistance: true } });
    expect(response.status).toBe(200);
  });

  it('refuses a warehouse placed at such a point, storing nothing that would break every distance after it', async () => {
    const email = uniqueEmail('admin');
    await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Ada', lastName: 'Admin', role: 'admin' } });
    const admin = t.client();
    expect((await signIn(admin, email)).status).toBe(200);
    const before = await (await admin.request('/api/admin/warehouses')).json();
    const response = await admin.request('/api/admin/warehouses', {
      method: 'POST',
      json: {
        name: 'Null Island',
        streetAddress: '1 Main',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 1e-310,
        longitude: 0,
        deliveryRadiusMiles: 10,
        deliveryFeeCents: 299,
        windowCapacity: 10,
        pickTimeMinutes: 20,
        timeZone: 'America/Chicago',
        active: true,
      },
    });
    expect((await expectError(response, 400, 'VALIDATION_FAILED')).fields).toEqual({ latitude: 'Latitude is not a usable coordinate' });
    expect(await (await admin.request('/api/admin/warehouses')).json()).toEqual(before);
  });
});
