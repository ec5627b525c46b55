import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenMenu } from '@/shared/contracts/kitchens';
import { createAccount, createKitchen } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { illustration } from '../../test/illustration';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { cloudKitchens, mealPlans } from './kitchens.tables';

describe.each(databaseKinds)('a kitchen page on %s', (kind) => {
  let t: TestApp;
  let fixture: CatalogFixture;

  async function kitchenOfNewOwner(overrides: { approved?: boolean; active?: boolean }) {
    const owner = await createAccount({
      db: t.database.db,
      auth: t.deps.auth,
      account: { email: uniqueEmail('owner'), password: testPassword, firstName: 'Kim', lastName: 'Chef', role: 'cloud_kitchen' },
    });
    return createKitchen({ db: t.database.db, profileId: owner.profile.id, businessName: `Kitchen ${Math.random()}`, ...overrides });
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    fixture = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    await t.database.db.insert(mealPlans).values([
      { cloudKitchenId: fixture.kitchenId, name: 'Taco Week', description: 'Five dinners.', mealsPerWeek: 5, weeklyPrice: 5500 },
      { cloudKitchenId: fixture.kitchenId, name: 'Taco Trio', description: 'Three dinners.', mealsPerWeek: 3, weeklyPrice: 3500 },
      { cloudKitchenId: fixture.kitchenId, name: 'Retired', mealsPerWeek: 7, weeklyPrice: 7000, active: false },
    ]);
    await t.database.db.update(cloudKitchens).set({ openingHours: [{ day: 1, opens: '11:00', closes: '21:00' }] }).where(eq(cloudKitchens.id, fixture.kitchenId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the kitchen's details and hours, its dishes by menu section (mains first) and its active meal plans, cheapest first", async () => {
    const response = await t.request(`/api/kitchens/${fixture.kitchenId}`);
    expect(response.status).toBe(200);
    const menu = (await response.json()) as KitchenMenu;
    expect(menu.kitchen).toMatchObject({
      id: fixture.kitchenId,
      businessName: 'Taco Test Kitchen',
      kitchenType: 'home',
      cuisine: 'Tex-Mex',
      city: 'Austin',
      state: 'TX',
      streetAddress: '5 Elm',
      zipCode: '78701',
      prepTimeMinutes: 25,
      openingHours: [{ day: 1, opens: '11:00', closes: '21:00' }],
      image: `/api/media/kitchens/${fixture.kitchenId}.svg`,
      rating: null,
      ratingCount: 0,
      distanceMiles: null,
    });
    expect(typeof menu.kitchen.openNow).toBe('boolean');
    expect(menu.sections).toEqual([
      { name: 'Mains', dishes: [{ id: fixture.dishes.tacos.id, name: 'Brisket Tacos', description: 'Three tacos.', price: 1299, image: `/api/media/dishes/${fixture.dishes.tacos.id}.svg`, available: true, dietaryTags: [], rating: null, ratingCount: 0 }] },
      { name: 'Desserts', dishes: [{ id: fixture.dishes.churros.id, name: 'Churros', description: 'Cinnamon.', price: 599, image: `/api/media/dishes/${fixture.dishes.churros.id}.svg`, available: true, dietaryTags: [], rating: null, ratingCount: 0 }] },
    ]);
    expect(menu.mealPlans).toEqual([
      { id: expect.any(String), name: 'Taco Trio', description: 'Three dinners.', mealsPerWeek: 3, weeklyPrice: 3500 },
      { id: expect.any(String), name: 'Taco Week', description: 'Five dinners.', mealsPerWeek: 5, weeklyPrice: 5500 },
    ]);
  });

  it('answers a kitchen that is not approved, paused or unknown as not found, and a malformed id as bad input', async () => {
    const pending = await kitchenOfNewOwner({ approved: false });
    const paused = await kitchenOfNewOwner({ active: false });
    for (const id of [pending.id, paused.id, '00000000-0000-4000-8000-000000000000']) {
      await expectError(await t.request(`/api/kitchens/${id}`), 404, 'NOT_FOUND');
    }
    await expectError(await t.request('/api/kitchens/not-a-kitchen'), 400, 'VALIDATION_FAILED');
  });

  it('pictures a kitchen by its cuisine and each dish by what it is, with no text drawn in the picture', async () => {
    const kitchen = await t.request(`/api/media/kitchens/${fixture.kitchenId}.svg`);
    expect(kitchen.status).toBe(200);
    expect(kitchen.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const kitchenSvg = await kitchen.text();
    expect(kitchenSvg).toContain('aria-label="Taco Test Kitchen"');
    expect(kitchenSvg).toContain(illustration('taco'));
    const tacos = await (await t.request(`/api/media/dishes/${fixture.dishes.tacos.id}.svg`)).text();
    expect(tacos).toContain('aria-label="Brisket Tacos"');
    expect(tacos).toContain(illustration('taco'));
    const churros = await (await t.request(`/api/media/dishes/${fixture.dishes.churros.id}.svg`)).text();
    expect(churros).toContain(illustration('doughnut'));
    for (const svg of [kitchenSvg, tacos, churros]) expect(svg).not.toContain('<text');
    await expectError(await t.request('/api/media/kitchens/not-a-kitchen.svg'), 404, 'NOT_FOUND');
    await expectError(await t.request('/api/media/dishes/00000000-0000-4000-8000-000000000000.svg'), 404, 'NOT_FOUND');
  });
});
