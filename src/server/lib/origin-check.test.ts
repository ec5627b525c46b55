import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { profiles, session, user } from '../modules/auth/auth.tables';
import { expectError } from '../test/expect-error';
import { createTestApp, signUp, testPassword, uniqueEmail, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-database';

const nearby = { userLatitude: 40.72, userLongitude: -74.04 };

/**
 * A browser that opened the app at `base`: its requests go to that address and carry exactly the
 * headers given (no Origin unless asked), with its own cookie jar.
 */
function browserAt(t: TestApp, base: string) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async request(path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown; withCookies?: boolean } = {}) {
      const headers = new Headers(init.headers);
      if (init.withCookies !== false && cookies.size > 0) {
        headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      }
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      const response = await t.app.request(
        new URL(path, base).toString(),
        { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) },
        { incoming: { socket: { remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } } },
      );
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const separator = pair.indexOf('=');
        const value = pair.slice(separator + 1);
        if (value) cookies.set(pair.slice(0, separator), value);
        else cookies.delete(pair.slice(0, separator));
      }
      return response;
    },
  };
}

async function newAccount(t: TestApp) {
  const { email } = await signUp(t.client(), { firstName: 'Original' });
  return email;
}

async function firstNameOf(t: TestApp, email: string) {
  const [row] = await t.database.db
    .select({ firstName: profiles.firstName })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(user.email, email));
  return row?.firstName;
}

async function sessionCount(t: TestApp, email: string) {
  const rows = await t.database.db.select({ id: session.id }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, email));
  return rows.length;
}

describe.each(databaseKinds)('request origins on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // PUBLIC_URL is http://localhost:3000; the app is also reachable by other names.
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://freshcart.lan'])('opened at %s', (base) => {
    it('signs in, changes the profile and signs out from that same origin', async () => {
      const email = await newAccount(t);
      const browser = browserAt(t, base);
      const signedIn = await browser.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: base }, json: { email, password: testPassword } });
      expect(signedIn.status).toBe(200);
      // Same-origin answers need no CORS headers.
      expect(signedIn.headers.get('access-control-allow-origin')).toBeNull();

      const patched = await browser.request('/api/profile', { method: 'PATCH', headers: { origin: base }, json: { firstName: 'Renamed' } });
      expect(patched.status).toBe(200);
      expect(((await patched.json()) as Profile).firstName).toBe('Renamed');

      const signedOut = await browser.request('/api/auth/sign-out', { method: 'POST', headers: { origin: base } });
      expect(signedOut.status).toBe(200);
      expect(await sessionCount(t, email)).toBe(0);
    });

    it('loads nearby kitchens', async () => {
      const response = await browserAt(t, base).request('/api/kitchens/nearby', { method: 'POST', headers: { origin: base }, json: nearby });
      expect(response.status).toBe(200);
    });
  });

  describe('from a foreign page', () => {
    it.each(['https://evil.example', 'http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'null'])(
      'refuses sign-in and changes posted from %s to the app at 127.0.0.1:3000',
      async (origin) => {
        const email = await newAccount(t);
        const own = browserAt(t, 'http://127.0.0.1:3000');
        expect((await own.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://127.0.0.1:3000' }, json: { email, password: testPassword } })).status).toBe(200);
        const sessions = await sessionCount(t, email);

        const signIn = await browserAt(t, 'http://127.0.0.1:3000').request('/api/auth/sign-in/email', { method: 'POST', headers: { origin }, json: { email, password: testPassword } });
        await expectError(signIn, 403, 'FORBIDDEN');
        await expectError(await own.request('/api/profile', { method: 'PATCH', headers: { origin }, json: { firstName: 'Hijacked' } }), 403, 'FORBIDDEN');
        await expectError(await own.request('/api/auth/sign-out', { method: 'POST', headers: { origin } }), 403, 'FORBIDDEN');
        await expectError(await own.request('/api/kitchens/nearby', { method: 'POST', headers: { origin }, json: nearby }), 403, 'FORBIDDEN');

        expect(await firstNameOf(t, email)).toBe('Original');
        expect(await sessionCount(t, email)).toBe(sessions);
      },
    );

    it('gets no CORS headers on a read', async () => {
      const response = await browserAt(t, 'http://127.0.0.1:3000').request('/api/warehouses', { headers: { origin: 'https://evil.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('without an Origin header', () => {
    it('refuses a change that carries the session cookie, in app routes as in better-auth', async () => {
      const email = await newAccount(t);
      const browser = browserAt(t, 'http://localhost:3000');
      expect((await browser.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://localhost:3000' }, json: { email, password: testPassword } })).status).toBe(200);

      const sessions = await sessionCount(t, email);
      await expectError(await browser.request('/api/profile', { method: 'PATCH', json: { firstName: 'NoOrigin' } }), 403, 'FORBIDDEN');
      await expectError(await browser.request('/api/auth/sign-out', { method: 'POST' }), 403, 'FORBIDDEN');
      expect(await firstNameOf(t, email)).toBe('Original');
      expect(await sessionCount(t, email)).toBe(sessions);
      // Reads are not changes.
      expect((await browser.request('/api/profile')).status).toBe(200);
    });

    it('accepts it when the Referer names the same origin, as better-auth does', async () => {
      const email = await newAccount(t);
      const browser = browserAt(t, 'http://127.0.0.1:3000');
      expect((await browser.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://127.0.0.1:3000' }, json: { email, password: testPassword } })).status).toBe(200);
      const response = await browser.request('/api/profile', { method: 'PATCH', headers: { referer: 'http://127.0.0.1:3000/account' }, json: { firstName: 'ByReferer' } });
      expect(response.status).toBe(200);
      await expectError(
        await browser.request('/api/profile', { method: 'PATCH', headers: { referer: 'https://evil.example/page' }, json: { firstName: 'Evil' } }),
        403,
        'FORBIDDEN',
      );
      expect(await firstNameOf(t, email)).toBe('ByReferer');
    });

    it('accepts a change without any cookie (no browser session to abuse)', async () => {
      const response = await browserAt(t, 'http://localhost:3000').request('/api/kitchens/nearby', { method: 'POST', json: nearby });
      expect(response.status).toBe(200);
    });
  });

  describe('from the native app origins', () => {
    const native = 'http://localhost';

    it('does not act with a cookie, for changes or for reads', async () => {
      const email = await newAccount(t);
      // The page on http://localhost (port 80) shares the cookie jar of localhost:3000.
      const browser = browserAt(t, 'http://localhost:3000');
      expect((await browser.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://localhost:3000' }, json: { email, password: testPassword } })).status).toBe(200);

      const sessions = await sessionCount(t, email);
      await expectError(await browser.request('/api/profile', { method: 'PATCH', headers: { origin: native }, json: { firstName: 'FromPort80' } }), 403, 'FORBIDDEN');
      await expectError(await browser.request('/api/auth/sign-out', { method: 'POST', headers: { origin: native } }), 403, 'FORBIDDEN');
      const read = await browser.request('/api/profile', { headers: { origin: native } });
      await expectError(read, 401, 'UNAUTHORIZED');
      expect(read.headers.get('access-control-allow-credentials')).toBeNull();
      expect(await firstNameOf(t, email)).toBe('Original');
      expect(await sessionCount(t, email)).toBe(sessions);
    });

    it.each(['capacitor://localhost', 'http://localhost'])('signs in and acts with a bearer token from %s', async (origin) => {
      const email = await newAccount(t);
      const app = browserAt(t, 'http://localhost:3000');
      const preflight = await app.request('/api/auth/sign-in/email', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const signedIn = await app.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin }, json: { email, password: testPassword }, withCookies: false });
      expect(signedIn.status).toBe(200);
      const token = signedIn.headers.get('set-auth-token');
      expect(token).toBeTruthy();
      const authorization = `Bearer ${token}`;

      const bearerPreflight = await app.request('/api/profile', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(bearerPreflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(bearerPreflight.headers.get('access-control-allow-credentials')).toBe('true');

      const patched = await app.request('/api/profile', { method: 'PATCH', headers: { origin, authorization }, json: { firstName: 'Native' }, withCookies: false });
      expect(patched.status).toBe(200);
      expect(patched.headers.get('access-control-allow-origin')).toBe(origin);
      expect(patched.headers.get('access-control-allow-credentials')).toBe('true');
      expect(await firstNameOf(t, email)).toBe('Native');
    });

    it("answers a bearer request as the token's user, whatever cookie comes with it", async () => {
      const owner = browserAt(t, 'http://localhost:3000');
      const ownerEmail = await newAccount(t);
      const signedIn = await owner.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://localhost:3000' }, json: { email: ownerEmail, password: testPassword } });
      const token = signedIn.headers.get('set-auth-token');
      const other = browserAt(t, 'http://localhost:3000');
      const otherEmail = await newAccount(t);
      await other.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://localhost:3000' }, json: { email: otherEmail, password: testPassword } });

      const response = await other.request('/api/profile', { headers: { origin: 'capacitor://localhost', authorization: `Bearer ${token}` } });
      expect(((await response.json()) as Profile).email).toBe(ownerEmail);
    });
  });

  describe("a payment provider's webhook", () => {
    // Its signature proves the sender, so the origin check lets it reach the handler whatever its
    // origin; without card payments configured here, the handler answers that it takes none.
    const webhook = { method: 'POST', headers: { 'stripe-signature': 't=1,v1=00' }, json: { id: 'evt_1', type: 'payment_intent.succeeded' } };

    it('reaches its handler without an Origin, even with a session cookie, which never counts there', async () => {
      const email = await newAccount(t);
      const browser = browserAt(t, 'http://localhost:3000');
      expect((await browser.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: 'http://localhost:3000' }, json: { email, password: testPassword } })).status).toBe(200);
      const answer = await expectError(await browser.request('/api/payments/webhook', webhook), 404, 'NOT_FOUND');
      expect(answer.message).toBe('Card payments are not configured.');
      // The same cookie without an Origin is still refused everywhere else.
      await expectError(await browser.request('/api/kitchens/nearby', { method: 'POST', json: nearby }), 403, 'FORBIDDEN');
    });

    it('reaches its handler from any origin, with no CORS headers', async () => {
      const response = await browserAt(t, 'http://localhost:3000').request('/api/payments/webhook', { ...webhook, headers: { ...webhook.headers, origin: 'https://evil.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect((await expectError(response, 404, 'NOT_FOUND')).message).toBe('Card payments are not configured.');
    });
  });

  it('trusts extra origins configured in TRUSTED_ORIGINS', async () => {
    const configured = await createTestApp({ kind, env: { TRUSTED_ORIGINS: 'https://admin.example.test' } });
    try {
      const email = uniqueEmail();
      const response = await browserAt(configured, 'http://localhost:3000').request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'https://admin.example.test' },
        json: { email, password: testPassword, firstName: 'Cross', lastName: 'Site' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    } finally {
      await configured.close();
    }
  });
});

describe.each([false, true])('forwarded host and scheme with TRUST_PROXY=%s', (trustProxy) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { TRUST_PROXY: String(trustProxy) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.test' };

  it(`${trustProxy ? 'accepts' : 'refuses'} a page on the host the proxy received`, async () => {
    const email = await newAccount(t);
    // The proxy talks to the app at its internal address.
    const browser = browserAt(t, 'http://10.0.0.5:3000');
    const response = await browser.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://shop.example.test', ...forwarded },
      json: { email, password: testPassword },
    });
    if (trustProxy) expect(response.status).toBe(200);
    else await expectError(response, 403, 'FORBIDDEN');
  });

  it(`${trustProxy ? 'refuses' : 'accepts'} a page on the internal address when the request was forwarded`, async () => {
    const response = await browserAt(t, 'http://10.0.0.5:3000').request('/api/kitchens/nearby', {
      method: 'POST',
      headers: { origin: 'http://10.0.0.5:3000', ...forwarded },
      json: nearby,
    });
    if (trustProxy) await expectError(response, 403, 'FORBIDDEN');
    else expect(response.status).toBe(200);
  });
});
