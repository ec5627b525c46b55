import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyKitchens } from '@/shared/contracts/kitchens';
import { createAccount, createKitchen, type KitchenSpec } from '../../db/seed/factories';
import { expectError } from '../../test/expect-error';
import { northOf } from '../../test/geo';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

const customerAt = { latitude: 40, longitude: -75 };

const milesNorth = (miles: number) => northOf(customerAt, miles);

describe.each(databaseKinds)('nearby cloud kitchens on %s', (kind) => {
  let t: TestApp;

  async function nearby(body: unknown) {
    return t.request('/api/kitchens/nearby', { method: 'POST', json: body });
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const kitchens: (Omit<KitchenSpec, 'profileId'>)[] = [
      { businessName: 'Far Pho', ...milesNorth(30) },
      { businessName: 'Near Naan', ...milesNorth(2) },
      { businessName: 'Mid Mole', ...milesNorth(12.34) },
      { businessName: 'Out of Range Ramen', ...milesNorth(40.5) },
      { businessName: 'Pending Pasta', ...milesNorth(1), approved: false },
      { businessName: 'Paused Poke', ...milesNorth(1), active: false },
      { businessName: 'Unplaced Udon' },
    ];
    for (const kitchen of kitchens) {
      const { profile } = await createAccount({
        db: t.database.db,
        auth: t.deps.auth,
        account: { email: uniqueEmail('kitchen'), password: testPassword, firstName: 'K', lastName: 'Itchen', role: 'cloud_kitchen' },
      });
      await createKitchen({ db: t.database.db, profileId: profile.id, prepTimeMinutes: 25, ...kitchen });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists approved, active kitchens within delivery range, nearest first, with their distance', async () => {
    const response = await nearby({ userLatitude: customerAt.latitude, userLongitude: customerAt.longitude, calculateDistance: true });
    expect(response.status).toBe(200);
    const body = (await response.json()) as NearbyKitchens;
    expect(body.success).toBe(true);
    expect(body.cloudKitchens.map((k) => [k.businessName, k.distanceMiles])).toEqual([
      ['Near Naan', 2],
      ['Mid Mole', 12.3],
      ['Far Pho', 30],
    ]);
    expect(body.cloudKitchens[0]).toMatchObject({ prepTimeMinutes: 25, openNow: expect.any(Boolean), rating: null });
  });

  it('without distances lists every approved, active kitchen by name', async () => {
    const body = (await (await nearby({ userLatitude: 0, userLongitude: 0, calculateDistance: false })).json()) as NearbyKitchens;
    expect(body.cloudKitchens.map((k) => k.businessName)).toEqual(['Far Pho', 'Mid Mole', 'Near Naan', 'Out of Range Ramen', 'Unplaced Udon']);
    expect(body.cloudKitchens.every((k) => k.distanceMiles === null)).toBe(true);
  });

  it('refuses bad coordinates', async () => {
    const error = await expectError(await nearby({ userLatitude: 100, userLongitude: -75 }), 400, 'VALIDATION_FAILED');
    expect(error.fields?.userLatitude).toBe('Latitude must be between -90 and 90');
    await expectError(await nearby({ userLongitude: -75 }), 400, 'VALIDATION_FAILED');
  });
});
