import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceArea } from '@/shared/contracts/locations';
import { addresses, profiles, user } from '../schema';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('demo seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the demo customer a default address in Georgetown, TX, and nobody else an address', async () => {
    const rows = await t.database.db
      .select({ email: user.email, city: addresses.city, state: addresses.state, isDefault: addresses.isDefault, latitude: addresses.latitude })
      .from(addresses)
      .innerJoin(profiles, eq(profiles.id, addresses.profileId))
      .innerJoin(user, eq(user.id, profiles.userId));
    expect(rows).toEqual([{ email: 'customer@demo.test', city: 'Georgetown', state: 'TX', isDefault: true, latitude: expect.any(Number) }]);
  });

  it("the demo customer's address is served by the Georgetown warehouse", async () => {
    const [home] = await t.database.db.select().from(addresses);
    const response = await t.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: home!.latitude, longitude: home!.longitude } });
    const served = (await response.json()) as ServiceArea;
    expect(served).toMatchObject({ inServiceArea: true, warehouse: { name: 'Georgetown', location: 'Georgetown, TX' } });
  });

  it('Seattle is outside every demo warehouse', async () => {
    const response = await t.request('/api/select-warehouse-and-fee', { method: 'POST', json: { latitude: 47.6062, longitude: -122.3321 } });
    expect(((await response.json()) as ServiceArea).inServiceArea).toBe(false);
  });
});
