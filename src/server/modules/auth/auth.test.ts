import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { expectError } from '../../test/expect-error';
import { createTestApp, sessionCookieName, signIn, signUp, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { profiles, session, user } from './auth.tables';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function userIdOf(email: string) {
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  async function sessionCount(email: string) {
    const rows = await t.database.db.select({ id: session.id }).from(session).where(eq(session.userId, await userIdOf(email)));
    return rows.length;
  }

  describe('sign-up', () => {
    it('creates a customer profile with the names and referral code, and signs the new user in', async () => {
      const browser = t.client();
      const { response, email } = await signUp(browser, { firstName: 'Ada', lastName: 'Lovelace', referralCode: 'FRIEND-42' });
      expect(response.status).toBe(200);
      expect(browser.cookies.get(sessionCookieName(t.env))).toBeTruthy();

      const profileResponse = await browser.request('/api/profile');
      expect(profileResponse.status).toBe(200);
      const profile = (await profileResponse.json()) as Profile;
      expect(profile).toMatchObject({
        email,
        role: 'customer',
        firstName: 'Ada',
        lastName: 'Lovelace',
        referralCode: 'FRIEND-42',
        phone: null,
        kitchenId: null,
      });

      const [account] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.email, email));
      expect(account?.name).toBe('Ada Lovelace');
    });

    it('stores no referral code when none or an empty one is given', async () => {
      const browser = t.client();
      await signUp(browser, { referralCode: '  ' });
      const profile = (await (await browser.request('/api/profile')).json()) as Profile;
      expect(profile.referralCode).toBeNull();
    });

    it('refuses a second account for the same email, whatever its case, on the email field', async () => {
      const { email } = await signUp(t.client());
      const again = await signUp(t.client(), { email: email.toUpperCase() });
      const error = await expectError(again.response, 422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      expect(error.fields?.email).toBe(error.message);
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    });

    it('makes one account when the same sign-up arrives twice at once, and tells the other it is taken', async () => {
      const email = uniqueEmail('double');
      const attempts = await Promise.all([1, 2, 3].map(() => signUp(t.client(), { email })));
      const statuses = attempts.map((attempt) => attempt.response.status).sort();
      expect(statuses).toEqual([200, 422, 422]);
      for (const attempt of attempts.filter((entry) => entry.response.status === 422)) {
        const error = await expectError(attempt.response, 422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
        expect(error.fields?.email).toBeDefined();
      }
      const accounts = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      expect(accounts).toHaveLength(1);
      expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, accounts[0]!.id))).toHaveLength(1);
    });

    it('refuses a weak password on the password field', async () => {
      const email = uniqueEmail();
      const { response } = await signUp(t.client(), { email, password: 'short' });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.fields).toEqual({ password: 'Password must be at least 8 characters' });
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    });

    it('requires first and last name', async () => {
      const response = await t.client().request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: uniqueEmail(), password: 'long-enough-password' },
      });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.fields).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });
    });

    it('refuses an invalid email address on the email field', async () => {
      const { response } = await signUp(t.client(), { email: 'not-an-email' });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.fields?.email).toBe('Enter a valid email address');
    });

    it('answers malformed JSON with 400', async () => {
      const response = await t.client().request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      });
      await expectError(response, 400, 'MALFORMED_REQUEST');
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password from another browser', async () => {
      const { email } = await signUp(t.client());
      const browser = t.client();
      const response = await signIn(browser, email);
      expect(response.status).toBe(200);
      expect(((await (await browser.request('/api/profile')).json()) as Profile).email).toBe(email);
    });

    it('gives a wrong password and an unknown email the same answer, and no session', async () => {
      const { email } = await signUp(t.client());
      const wrongPasswordBrowser = t.client();
      const wrongPassword = await expectError(
        await signIn(wrongPasswordBrowser, email, 'not-the-password'),
        401,
        'INVALID_EMAIL_OR_PASSWORD',
      );
      const unknownEmailBrowser = t.client();
      const unknownEmail = await expectError(await signIn(unknownEmailBrowser, uniqueEmail('nobody')), 401, 'INVALID_EMAIL_OR_PASSWORD');
      expect(unknownEmail).toEqual(wrongPassword);
      expect(wrongPassword.message).toBe('Invalid email or password.');
      expect(wrongPasswordBrowser.cookies.size).toBe(0);
      expect(unknownEmailBrowser.cookies.size).toBe(0);
    });

    it('answers a missing password field by field', async () => {
      const response = await t.client().request('/api/auth/sign-in/email', { method: 'POST', json: { email: uniqueEmail() } });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.fields).toEqual({ password: 'Password is required' });
    });

    it('answers malformed JSON with 400', async () => {
      const response = await t.client().request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "a@b.test", "password": ',
      });
      await expectError(response, 400, 'MALFORMED_REQUEST');
    });

    it('accepts the session token as a bearer token, as the native app sends it', async () => {
      const { email } = await signUp(t.client());
      const response = await signIn(t.client(), email);
      const { token } = (await response.json()) as { token: string };
      const headless = t.client();
      const profile = await headless.request('/api/profile', { headers: { authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as Profile).email).toBe(email);
      expect((await headless.request('/api/profile', { headers: { authorization: 'Bearer not-a-session' } })).status).toBe(401);
    });
  });

  describe('sign-out', () => {
    it('ends every session of the user, on every device', async () => {
      const phone = t.client();
      const laptop = t.client();
      const { email } = await signUp(phone);
      expect((await signIn(laptop, email)).status).toBe(200);
      expect(await sessionCount(email)).toBe(2);

      const response = await laptop.request('/api/auth/sign-out', { method: 'POST' });
      expect(response.status).toBe(200);
      expect(laptop.cookies.has(sessionCookieName(t.env))).toBe(false);

      // The phone still holds its cookie, but the session behind it is gone.
      expect(phone.cookies.has(sessionCookieName(t.env))).toBe(true);
      await expectError(await phone.request('/api/profile'), 401, 'UNAUTHORIZED');
      const current = await phone.request('/api/auth/get-session');
      expect(current.status).toBe(200);
      expect(await current.json()).toBeNull();
      expect(await sessionCount(email)).toBe(0);
    });

    it('ends every session also when the native app signs out with its bearer token', async () => {
      const browser = t.client();
      const { email } = await signUp(browser);
      const native = t.client();
      const { token } = (await (await signIn(native, email)).json()) as { token: string };
      native.cookies.clear();
      const bearer = { authorization: `Bearer ${token}` };

      expect((await native.request('/api/auth/sign-out', { method: 'POST', headers: bearer })).status).toBe(200);
      await expectError(await native.request('/api/profile', { headers: bearer }), 401, 'UNAUTHORIZED');
      await expectError(await browser.request('/api/profile'), 401, 'UNAUTHORIZED');
      expect(await sessionCount(email)).toBe(0);
    });

    it("leaves other users' sessions alone", async () => {
      const someone = t.client();
      const other = t.client();
      await signUp(someone);
      const { email: otherEmail } = await signUp(other);
      await someone.request('/api/auth/sign-out', { method: 'POST' });
      expect((await other.request('/api/profile')).status).toBe(200);
      expect(await sessionCount(otherEmail)).toBe(1);
    });
  });

  describe('profile', () => {
    it('updates names and phone, and keeps the display name in step', async () => {
      const browser = t.client();
      const { email } = await signUp(browser);
      const response = await browser.request('/api/profile', {
        method: 'PATCH',
        json: { firstName: 'Grace', lastName: 'Hopper', phone: '+1 (512) 555-0100' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 (512) 555-0100' });
      expect(await (await browser.request('/api/profile')).json()).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '+1 (512) 555-0100',
      });
      const current = (await (await browser.request('/api/auth/get-session')).json()) as { user: { name: string } };
      expect(current.user.name).toBe('Grace Hopper');

      // An empty phone clears it; fields left out stay as they are.
      const cleared = await browser.request('/api/profile', { method: 'PATCH', json: { phone: '' } });
      expect(await cleared.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: null });
      const [row] = await t.database.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.userId, await userIdOf(email)));
      expect(row?.phone).toBeNull();
      // A blank phone (spaces only) clears it too.
      await browser.request('/api/profile', { method: 'PATCH', json: { phone: '+1 512 555 0199' } });
      const blank = await browser.request('/api/profile', { method: 'PATCH', json: { phone: '   ' } });
      expect(await blank.json()).toMatchObject({ phone: null });
    });

    it('refuses a bad phone number on the phone field and keeps the old one', async () => {
      const browser = t.client();
      await signUp(browser);
      await browser.request('/api/profile', { method: 'PATCH', json: { phone: '512-555-0100' } });
      const response = await browser.request('/api/profile', { method: 'PATCH', json: { phone: 'call me maybe' } });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(error.fields).toEqual({ phone: 'Enter a valid phone number' });
      expect(((await (await browser.request('/api/profile')).json()) as Profile).phone).toBe('512-555-0100');
    });

    it('refuses unknown fields', async () => {
      const browser = t.client();
      await signUp(browser);
      const response = await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 'Ok', nickname: 'nope' } });
      await expectError(response, 400, 'VALIDATION_FAILED');
      expect(((await (await browser.request('/api/profile')).json()) as Profile).firstName).toBe('Test');
    });

    it('refuses an empty first name', async () => {
      const browser = t.client();
      await signUp(browser);
      const error = await expectError(
        await browser.request('/api/profile', { method: 'PATCH', json: { firstName: '   ' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.fields).toEqual({ firstName: 'First name is required' });
    });

    it('answers malformed JSON with 400', async () => {
      const browser = t.client();
      await signUp(browser);
      const response = await browser.request('/api/profile', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"firstName": ',
      });
      await expectError(response, 400, 'MALFORMED_REQUEST');
    });

    it('is not there for a signed-out visitor', async () => {
      const visitor = t.client();
      await expectError(await visitor.request('/api/profile'), 401, 'UNAUTHORIZED');
      await expectError(await visitor.request('/api/profile', { method: 'PATCH', json: { firstName: 'X' } }), 401, 'UNAUTHORIZED');
    });
  });

  describe('unknown endpoints', () => {
    it.each(['/api/nothing-here', '/api/auth/nothing-here'])('%s answers 404 in the error shape', async (path) => {
      await expectError(await t.client().request(path), 404, 'NOT_FOUND');
    });

    it('answers an unknown POST under /api/auth with 404 in the error shape', async () => {
      await expectError(await t.client().request('/api/auth/nothing-here', { method: 'POST', json: {} }), 404, 'NOT_FOUND');
    });

    it('answers an unknown path under /api/profile with 404 once signed in', async () => {
      const browser = t.client();
      await signUp(browser);
      await expectError(await browser.request('/api/profile/extra'), 404, 'NOT_FOUND');
    });
  });
});
