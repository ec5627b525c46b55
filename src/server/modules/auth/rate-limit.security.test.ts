import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { createTestApp, signUp, testPublicUrl, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

const limit = 3;

/** Sign-in attempts over a real socket: the limit is keyed on the address the connection comes from. */
function attemptSignIn(baseUrl: string, email: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: testPublicUrl, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

function randomAddress() {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `198.${a}.${b}.${c}`;
}

describe.each(databaseKinds)('auth rate limiting on %s', (kind) => {
  let t: TestApp;
  let server: Awaited<ReturnType<TestApp['listen']>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { AUTH_RATE_LIMIT_MAX: String(limit) } });
    server = await t.listen();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('answers the attempt after the limit within a minute with 429, and even the right password waits', async () => {
    const { email, password } = await signUp(t.client());
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      await expectError(await attemptSignIn(server.url, email), 401, 'INVALID_EMAIL_OR_PASSWORD');
    }
    const limited = await attemptSignIn(server.url, email);
    const error = await expectError(limited, 429, 'RATE_LIMITED');
    expect(error.message).toBe('Too many attempts. Please wait a minute and try again.');

    const correct = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: testPublicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await expectError(correct, 429, 'RATE_LIMITED');
  });

  it('cannot be escaped by claiming another address when no proxy is trusted', async () => {
    // Each attempt claims a fresh address; all of them still come from the one socket address.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= limit + 1; attempt += 1) {
      const response = await attemptSignIn(server.url, uniqueEmail(), {
        'x-forwarded-for': randomAddress(),
        'x-client-ip': randomAddress(),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts each client address on its own', async () => {
    const elsewhere = t.client();
    const response = await elsewhere.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'wrong-password' },
    });
    await expectError(response, 401, 'INVALID_EMAIL_OR_PASSWORD');
  });
});

describe('auth rate limiting behind a trusted proxy', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<TestApp['listen']>>;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { AUTH_RATE_LIMIT_MAX: String(limit), TRUST_PROXY: 'true' } });
    server = await t.listen();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('keys on the address the proxy appended, not on one the client made up', async () => {
    const client = '203.0.113.7';
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      const response = await attemptSignIn(server.url, uniqueEmail(), { 'x-forwarded-for': `${randomAddress()}, ${client}` });
      await expectError(response, 401, 'INVALID_EMAIL_OR_PASSWORD');
    }
    const spoofed = await attemptSignIn(server.url, uniqueEmail(), { 'x-forwarded-for': `${randomAddress()}, ${client}` });
    await expectError(spoofed, 429, 'RATE_LIMITED');

    // Another visitor behind the same proxy, and the proxy itself, still get through.
    await expectError(await attemptSignIn(server.url, uniqueEmail(), { 'x-forwarded-for': '203.0.113.8' }), 401, 'INVALID_EMAIL_OR_PASSWORD');
    await expectError(await attemptSignIn(server.url, uniqueEmail()), 401, 'INVALID_EMAIL_OR_PASSWORD');
  });
});
