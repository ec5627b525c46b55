import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { roles, type Role } from '@/shared/roles';
import { createAccount, createKitchen } from '../../db/seed/factories';
import { expectError } from '../../test/expect-error';
import {
  createTestApp,
  sessionCookieName,
  signIn,
  signUp,
  testPassword,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { account, profiles, session, user } from './auth.tables';

const evilOrigin = 'https://evil.example';

describe.each(databaseKinds)('auth security on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('profile endpoints by role', () => {
    const accounts = new Map<Role, { email: string; profileId: string; browser: TestClient }>();

    beforeAll(async () => {
      for (const role of roles) {
        const email = uniqueEmail(role);
        const { profile } = await createAccount({
          db: t.database.db,
          auth: t.deps.auth,
          account: { email, password: testPassword, firstName: 'First', lastName: role, role },
        });
        if (role === 'cloud_kitchen') await createKitchen({ db: t.database.db, profileId: profile.id, businessName: 'Test Kitchen' });
        const browser = t.client();
        expect((await signIn(browser, email)).status).toBe(200);
        accounts.set(role, { email, profileId: profile.id, browser });
      }
    });

    async function storedProfiles() {
      const rows = await t.database.db.select().from(profiles);
      return new Map(rows.map((row) => [row.id, row]));
    }

    describe.each(roles)('%s', (role) => {
      it('reads only their own profile', async () => {
        const me = accounts.get(role)!;
        const response = await me.browser.request('/api/profile');
        expect(response.status).toBe(200);
        const profile = (await response.json()) as Profile;
        expect(profile).toMatchObject({ id: me.profileId, email: me.email, role, lastName: role });
        expect(profile.kitchenId === null).toBe(role !== 'cloud_kitchen');
      });

      it('updates only their own profile', async () => {
        const me = accounts.get(role)!;
        const before = await storedProfiles();
        const response = await me.browser.request('/api/profile', { method: 'PATCH', json: { firstName: `Renamed ${role}` } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as Profile).id).toBe(me.profileId);

        const after = await storedProfiles();
        for (const [id, row] of after) {
          if (id === me.profileId) expect(row.firstName).toBe(`Renamed ${role}`);
          else expect(row).toEqual(before.get(id));
        }
      });

      it.each([
        ['role', { role: 'admin' }],
        ['owner', { userId: 'someone-else' }],
        ['profile id', { id: '00000000-0000-0000-0000-000000000000' }],
        ['email', { email: 'taken-over@example.test' }],
        ['referral code', { referralCode: 'SELF-GRANTED' }],
      ])('cannot change their %s', async (_label, change) => {
        const me = accounts.get(role)!;
        const before = await storedProfiles();
        await expectError(await me.browser.request('/api/profile', { method: 'PATCH', json: change }), 400, 'VALIDATION_FAILED');
        expect(await storedProfiles()).toEqual(before);
        const [account] = await t.database.db.select({ email: user.email }).from(user).innerJoin(profiles, eq(profiles.userId, user.id)).where(eq(profiles.id, me.profileId));
        expect(account?.email).toBe(me.email);
      });
    });

    it('answers a signed-out visitor with 401 and changes nothing', async () => {
      const before = await storedProfiles();
      const visitor = t.client();
      await expectError(await visitor.request('/api/profile'), 401, 'UNAUTHORIZED');
      await expectError(await visitor.request('/api/profile', { method: 'PATCH', json: { firstName: 'Intruder' } }), 401, 'UNAUTHORIZED');
      expect(await storedProfiles()).toEqual(before);
    });

    it('does not accept a forged session cookie', async () => {
      const forger = t.client();
      forger.cookies.set(sessionCookieName(t.env), 'made-up-token.made-up-signature');
      await expectError(await forger.request('/api/profile'), 401, 'UNAUTHORIZED');
    });

    it('grants no role but customer through sign-up, whatever the request carries', async () => {
      const browser = t.client();
      const email = uniqueEmail('climber');
      const response = await browser.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password: testPassword, firstName: 'Sly', lastName: 'Climber', role: 'admin', emailVerified: true },
      });
      expect(response.status).toBe(200);
      expect(((await (await browser.request('/api/profile')).json()) as Profile).role).toBe('customer');
      const [row] = await t.database.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email));
      expect(row?.verified).toBe(false);
    });
  });

  describe('requests from other sites', () => {
    async function sessionsOf(email: string) {
      return t.database.db.select({ id: session.id }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, email));
    }

    it.each([evilOrigin, 'null'])('refuses a sign-in posted from %s, without a session', async (origin) => {
      const { email } = await signUp(t.client());
      const before = await sessionsOf(email);
      const browser = t.client();
      const response = await browser.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin },
        json: { email, password: testPassword },
      });
      await expectError(response, 403, 'FORBIDDEN');
      expect(browser.cookies.size).toBe(0);
      expect(await sessionsOf(email)).toHaveLength(before.length);
    });

    it('refuses a sign-up posted from another site, without an account', async () => {
      const email = uniqueEmail('csrf');
      const response = await t.client().request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: evilOrigin },
        json: { email, password: testPassword, firstName: 'Not', lastName: 'Me' },
      });
      await expectError(response, 403, 'FORBIDDEN');
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    });

    it("refuses a profile change sent from another site with the user's cookie", async () => {
      const browser = t.client();
      await signUp(browser, { firstName: 'Original' });
      const response = await browser.request('/api/profile', {
        method: 'PATCH',
        headers: { origin: evilOrigin },
        json: { firstName: 'Hijacked', phone: '+1 555 0100' },
      });
      await expectError(response, 403, 'FORBIDDEN');
      expect(await (await browser.request('/api/profile')).json()).toMatchObject({ firstName: 'Original', phone: null });
    });

    it('refuses a sign-out sent from another site, leaving the sessions alone', async () => {
      const browser = t.client();
      const { email } = await signUp(browser);
      const response = await browser.request('/api/auth/sign-out', { method: 'POST', headers: { origin: evilOrigin } });
      await expectError(response, 403, 'FORBIDDEN');
      expect(await sessionsOf(email)).toHaveLength(1);
      expect((await browser.request('/api/profile')).status).toBe(200);
    });

    it('does not let another site read API answers; the native app may, with its bearer token', async () => {
      const browser = t.client();
      const { response: signedUp } = await signUp(browser);
      const response = await browser.request('/api/profile', { headers: { origin: evilOrigin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      // The Capacitor shell's pages come from capacitor://localhost and authenticate with a bearer token.
      const token = signedUp.headers.get('set-auth-token');
      const native = await t.client().request('/api/profile', { headers: { origin: 'capacitor://localhost', authorization: `Bearer ${token}` } });
      expect(native.status).toBe(200);
      expect(native.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
      expect(native.headers.get('access-control-allow-credentials')).toBe('true');
      // With the cookie alone, the native origins get nothing a cookie would unlock.
      const withCookie = await browser.request('/api/profile', { headers: { origin: 'capacitor://localhost' } });
      expect(withCookie.status).toBe(401);
      expect(withCookie.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over plain HTTP', async () => {
      const { response } = await signUp(t.client());
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName(t.env)}=`));
      expect(cookie).toBeDefined();
      const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).not.toContain('secure');
    });
  });

});

describe('session cookie over HTTPS', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { PUBLIC_URL: 'https://shop.example.test' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is Secure, HttpOnly and SameSite=Lax', async () => {
    const browser = t.client();
    const { response } = await signUp(browser);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Secure-better-auth.session_token='));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    expect((await browser.request('/api/profile')).status).toBe(200);
  });
});

describe('stored passwords', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Other suites use a cheap stand-in for speed; this one checks the hashing production uses.
    t = await createTestApp({ kind: 'pglite', realPasswordHashing: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are kept only as salted scrypt hashes', async () => {
    const first = await signUp(t.client());
    const second = await signUp(t.client());
    const stored = await t.database.db
      .select({ email: user.email, password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(inArray(user.email, [first.email, second.email]));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(row.password).not.toContain(testPassword);
    }
    // The same password, a different salt: equal passwords cannot be spotted in the table.
    expect(stored[0]!.password).not.toBe(stored[1]!.password);

    expect((await signIn(t.client(), first.email)).status).toBe(200);
    await expectError(await signIn(t.client(), first.email, 'not-the-password'), 401, 'INVALID_EMAIL_OR_PASSWORD');
  });
});
