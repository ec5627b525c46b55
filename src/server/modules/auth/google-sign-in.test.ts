import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { expectError } from '../../test/expect-error';
import { createTestApp, sessionCookieName, signUp, uniqueEmail, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { account, session, user } from './auth.tables';

const clientId = 'freshcart-test.apps.googleusercontent.com';
const keyId = 'google-test-key';

interface TokenOptions {
  email?: string;
  name?: string;
  subject?: string;
  emailVerified?: boolean;
  audience?: string;
  issuer?: string;
  key?: CryptoKey;
  issuedAt?: number;
  expiresAt?: number;
}

describe.each(databaseKinds)('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let googleKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    const google = await generateKeyPair('RS256');
    googleKey = google.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk = { ...(await exportJWK(google.publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
    t = await createTestApp({
      kind,
      env: { GOOGLE_CLIENT_ID: clientId },
      googleKeys: createLocalJWKSet({ keys: [publicJwk] }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  function googleIdToken(options: TokenOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: options.email ?? uniqueEmail('google'),
      email_verified: options.emailVerified ?? true,
      name: options.name ?? 'Ada King Lovelace',
    })
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? clientId)
      .setSubject(options.subject ?? randomBytes(8).toString('hex'))
      .setIssuedAt(options.issuedAt ?? now)
      .setExpirationTime(options.expiresAt ?? now + 3600)
      .sign(options.key ?? googleKey);
  }

  function signInWithGoogle(browser: TestClient, token: string) {
    return browser.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', idToken: { token } } });
  }

  async function usersWithEmail(email: string) {
    return t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  }

  it('signs a new Google user in with a customer profile named from the token', async () => {
    const email = uniqueEmail('google');
    const browser = t.client();
    const response = await signInWithGoogle(browser, await googleIdToken({ email, name: 'Ada King Lovelace' }));
    expect(response.status).toBe(200);
    expect(browser.cookies.get(sessionCookieName(t.env))).toBeTruthy();

    const profile = (await (await browser.request('/api/profile')).json()) as Profile;
    expect(profile).toMatchObject({ email, role: 'customer', firstName: 'Ada', lastName: 'King Lovelace', referralCode: null });
  });

  it('signs the same Google account in again without a second user', async () => {
    const email = uniqueEmail('google');
    const subject = randomBytes(8).toString('hex');
    expect((await signInWithGoogle(t.client(), await googleIdToken({ email, subject }))).status).toBe(200);
    const again = t.client();
    expect((await signInWithGoogle(again, await googleIdToken({ email, subject }))).status).toBe(200);
    expect((await again.request('/api/profile')).status).toBe(200);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  const refusals: [string, () => Promise<TokenOptions>][] = [
    ['signed by another key', async () => ({ key: strangerKey })],
    ['issued for another app', async () => ({ audience: 'someone-else.apps.googleusercontent.com' })],
    ['issued by someone other than Google', async () => ({ issuer: 'https://accounts.example.com' })],
    [
      'expired',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return { issuedAt: now - 7200, expiresAt: now - 3600 };
      },
    ],
  ];

  it.each(refusals)('refuses a token %s, with no session and no account', async (_label, options) => {
    const email = uniqueEmail('forged');
    const browser = t.client();
    const response = await signInWithGoogle(browser, await googleIdToken({ ...(await options()), email }));
    const error = await expectError(response, 401, 'INVALID_TOKEN');
    expect(error.message).toBe('The sign-in token is invalid or has expired.');
    expect(browser.cookies.size).toBe(0);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses something that is not a token at all', async () => {
    const browser = t.client();
    await expectError(await signInWithGoogle(browser, 'not-a-jwt'), 401, 'INVALID_TOKEN');
    expect(browser.cookies.size).toBe(0);
  });

  it('answers a request without a token field by field, not with a server error', async () => {
    const response = await t.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', idToken: {} } });
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['idToken.token']);
  });

  it('does not hand an existing unverified password account to whoever holds a Google token for its email', async () => {
    // Someone could register a victim's address with a password before the victim ever signs in;
    // linking Google to that account would let the first registrant in afterwards.
    const owner = t.client();
    const { email } = await signUp(owner);
    const [existing] = await usersWithEmail(email);
    const sessionsBefore = await t.database.db.select().from(session).where(eq(session.userId, existing!.id));

    const browser = t.client();
    const response = await signInWithGoogle(browser, await googleIdToken({ email }));
    const error = await expectError(response, 401, 'OAUTH_LINK_ERROR');
    expect(error.message).toBe('An account with this email already exists. Sign in with your password.');
    expect(browser.cookies.size).toBe(0);
    expect(await t.database.db.select().from(session).where(eq(session.userId, existing!.id))).toHaveLength(sessionsBefore.length);
    const providers = await t.database.db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, existing!.id));
    expect(providers.map((row) => row.providerId)).toEqual(['credential']);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not offered: a Google token gets a 404 in the error shape', async () => {
    const browser = t.client();
    const response = await browser.request('/api/auth/sign-in/social', {
      method: 'POST',
      json: { provider: 'google', idToken: { token: 'header.payload.signature' } },
    });
    const error = await expectError(response, 404, 'NOT_FOUND');
    expect(error.message).toBe('This sign-in method is not available.');
    expect(browser.cookies.size).toBe(0);
  });
});
