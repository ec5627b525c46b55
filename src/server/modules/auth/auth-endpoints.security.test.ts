import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { profiles, rateLimit, user } from './auth.tables';

describe.each(databaseKinds)('auth endpoints on %s', (kind) => {
  let t: TestApp;
  let browser: TestClient;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    browser = t.client();
    ({ email } = await signUp(browser, { firstName: 'Kept', lastName: 'Name' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function stored() {
    const [row] = await t.database.db
      .select({ name: user.name, image: user.image, firstName: profiles.firstName })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, email));
    return row;
  }

  describe('update-user, which would bypass the profile rules', () => {
    it.each([
      ['a 1,000,000-character name', { name: 'x'.repeat(1_000_000) }],
      ['a number as name', { name: 123 }],
      ['a javascript: image', { image: 'javascript:alert(1)' }],
      ['an ordinary name', { name: 'Plain Name' }],
    ])('is not offered: %s changes nothing', async (_label, body) => {
      const before = await stored();
      await expectError(await browser.request('/api/auth/update-user', { method: 'POST', json: body }), 404, 'NOT_FOUND');
      expect(await stored()).toEqual(before);
    });

    it('leaves names to PATCH /api/profile, which applies the rules', async () => {
      const before = await stored();
      const long = await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 'x'.repeat(1_000) } });
      expect((await expectError(long, 400, 'VALIDATION_FAILED')).fields).toEqual({ firstName: 'First name must be at most 80 characters' });
      await expectError(await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 123 } }), 400, 'VALIDATION_FAILED');
      await expectError(await browser.request('/api/profile', { method: 'PATCH', json: { image: 'javascript:alert(1)' } }), 400, 'VALIDATION_FAILED');
      expect(await stored()).toEqual(before);

      expect((await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 'Renamed' } })).status).toBe(200);
      expect(await stored()).toMatchObject({ name: 'Renamed Name', firstName: 'Renamed', image: null });
    });

    it('is not described in the API document', async () => {
      const document = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(document.paths).not.toHaveProperty('/api/auth/update-user');
      expect(document.paths).toHaveProperty('/api/auth/sign-in/email');
    });
  });

  describe('rate-limit counters', () => {
    async function counters() {
      return (await t.database.db.select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key);
    }

    it('are not added by paths better-auth does not serve', async () => {
      const before = await counters();
      const visitor = t.client();
      for (let index = 0; index < 5; index += 1) {
        await expectError(await visitor.request(`/api/auth/made-up-${index}`), 404, 'NOT_FOUND');
        await expectError(await visitor.request(`/api/auth/made-up-${index}`, { method: 'POST', json: {} }), 404, 'NOT_FOUND');
        await expectError(await visitor.request(`/api/auth/sign-in/email/extra-${index}`, { method: 'POST', json: {} }), 404, 'NOT_FOUND');
      }
      // A served path in the wrong method is no endpoint either.
      await expectError(await visitor.request('/api/auth/sign-out'), 404, 'NOT_FOUND');
      await expectError(await visitor.request('/api/auth/update-user', { method: 'POST', json: { name: 'x' } }), 404, 'NOT_FOUND');
      expect(await counters()).toEqual(before);
    });

    it('are not added per token by links followed from a mail', async () => {
      const visitor = t.client();
      const before = await counters();
      for (let index = 0; index < 3; index += 1) {
        const response = await visitor.request(`/api/auth/reset-password/token-${index}?callbackURL=/reset`);
        expect(response.status).toBeLessThan(500);
      }
      expect(await counters()).toEqual(before);
    });

    it('still count the requests to endpoints that exist', async () => {
      const visitor = t.client();
      const before = await counters();
      expect((await visitor.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
      expect((await counters()).length).toBe(before.length + 1);
    });

    it('are not added by session reads, which every page load makes, however many come from one address', async () => {
      const client = t.client();
      expect((await signUp(client)).response.status).toBe(200);
      const before = await counters();
      for (let index = 0; index < 3; index += 1) expect((await client.request('/api/auth/get-session')).status).toBe(200);
      expect(await counters()).toEqual(before);
    });
  });
});
