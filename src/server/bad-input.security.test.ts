import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@/shared/contracts/locations';
import { addresses } from './modules/locations/locations.tables';
import { account, profiles, user } from './modules/auth/auth.tables';
import { expectError } from './test/expect-error';
import { createTestApp, signUp, testPassword, uniqueEmail, type TestApp, type TestClient } from './test/test-app';
import { databaseKinds } from './test/test-database';

const validAddress = { label: 'Home', streetAddress: '30 Montgomery St', city: 'Jersey City', state: 'NJ', zipCode: '07302' };

describe.each(databaseKinds)('control characters and malformed encodings on %s', (kind) => {
  let t: TestApp;
  let browser: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    browser = t.client();
    expect((await signUp(browser, { firstName: 'Clean', lastName: 'Name' })).response.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function accountRows(email: string) {
    const users = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const accounts = await t.database.db.select({ id: account.id }).from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, email));
    return users.length + accounts.length;
  }

  it.each([
    ['firstName', { firstName: 'Nul\u0000Name' }],
    ['lastName', { lastName: 'Bell\u0007' }],
    ['referralCode', { referralCode: 'FRIEND\u000010' }],
  ])('refuses a sign-up with a control character in %s at the field, creating nothing', async (field, change) => {
    const email = uniqueEmail('nul');
    const response = await t.client().request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: testPassword, firstName: 'Ada', lastName: 'Lovelace', ...change },
    });
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields?.[field]).toMatch(/must not contain control characters/);
    expect(await accountRows(email)).toBe(0);
    // The address is still free.
    expect((await signUp(t.client(), { email })).response.status).toBe(200);
  });

  it('refuses a profile change with a NUL, changing nothing', async () => {
    const response = await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 'Bad\u0000' } });
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields).toEqual({ firstName: 'First name must not contain control characters' });
    const profile = (await (await browser.request('/api/profile')).json()) as { firstName: string };
    expect(profile.firstName).toBe('Clean');
  });

  it("refuses a guest cart line id with a control character, at the field, instead of echoing it back", async () => {
    const item = { id: 'line\u00001', itemType: 'product', productId: '00000000-0000-4000-8000-000000000001', warehouseId: '00000000-0000-4000-8000-000000000002', quantity: 1 };
    const response = await t.client().request('/api/cart/quote', { method: 'POST', json: { items: [item] } });
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields?.['items.0.id']).toBe('Line id must not contain control characters');
  });

  it('trims the text it accepts', async () => {
    const response = await browser.request('/api/profile', { method: 'PATCH', json: { lastName: '  Spaced \n' } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { lastName: string }).lastName).toBe('Spaced');
  });

  it.each([
    ['streetAddress', { streetAddress: '30 Montgomery\u0000St' }],
    ['city', { city: 'Jersey\u001bCity' }],
    ['label', { label: 'Ho\u0000me' }],
  ])('refuses an address with a control character in %s, when added and when changed', async (field, change) => {
    const before = await t.database.db.select().from(addresses);
    const created = await browser.request('/api/addresses', { method: 'POST', json: { ...validAddress, ...change } });
    expect((await expectError(created, 400, 'VALIDATION_FAILED')).fields?.[field]).toMatch(/must not contain control characters/);
    expect(await t.database.db.select().from(addresses)).toEqual(before);

    // Another unit for each field: the same address cannot be saved twice.
    const saved = await browser.request('/api/addresses', { method: 'POST', json: { ...validAddress, unit: `Apt ${field}` } });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as Address;
    const stored = await t.database.db.select().from(addresses).where(eq(addresses.id, id));
    const changed = await browser.request(`/api/addresses/${id}`, { method: 'PUT', json: { ...validAddress, ...change } });
    expect((await expectError(changed, 400, 'VALIDATION_FAILED')).fields?.[field]).toMatch(/must not contain control characters/);
    expect(await t.database.db.select().from(addresses).where(eq(addresses.id, id))).toEqual(stored);
  });

  it.each(['%00', 'milk%00', '%1B%5B31m'])('refuses the product search q=%s with 400', async (q) => {
    const error = await expectError(await t.request(`/api/products?q=${q}`), 400, 'VALIDATION_FAILED');
    expect(error.fields).toEqual({ q: 'Search must not contain control characters' });
  });

  it.each(['/api/media/products/%FF%FE.svg', '/api/media/categories/%E0%A4%A.svg', '/api/media/products/%00.svg', '/api/media/kitchens/%FF.svg'])(
    'answers the malformed picture name %s with 404',
    async (path) => {
      await expectError(await t.request(path), 404, 'NOT_FOUND');
    },
  );

  it('keeps profiles in step with accounts', async () => {
    // Every refused sign-up above left nothing behind: each user has its profile.
    const users = await t.database.db.select({ id: user.id }).from(user);
    const withProfiles = await t.database.db.select({ id: profiles.userId }).from(profiles);
    expect(withProfiles.map((row) => row.id).sort()).toEqual(users.map((row) => row.id).sort());
  });
});
