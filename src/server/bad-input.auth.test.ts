import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './test/expect-error';
import { createTestApp, signUp, type TestApp } from './test/test-app';
import { databaseKinds } from './test/test-database';

/** Malformed requests to the account endpoints that once ended a session or failed on the server. */
describe.each(databaseKinds)('malformed account requests on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a string', '""'],
    ['an array', '[]'],
    ['a field of the wrong type', '{"disableRedirect":"yes"}'],
  ])('refuses a sign-out whose body is %s, keeping the session', async (_kind, body) => {
    const browser = t.client();
    expect((await signUp(browser)).response.status).toBe(200);
    const response = await browser.request('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expectError(response, 400, 'VALIDATION_FAILED');
    expect((await browser.request('/api/profile')).status).toBe(200);
  });

  it('refuses a sign-out with an empty JSON body, keeping the session', async () => {
    const browser = t.client();
    expect((await signUp(browser)).response.status).toBe(200);
    const response = await browser.request('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
    await expectError(response, 400, 'BAD_REQUEST');
    expect((await browser.request('/api/profile')).status).toBe(200);
  });

  it('signs out with an empty object, or with no body at all', async () => {
    for (const init of [{ json: {} }, {}]) {
      const browser = t.client();
      expect((await signUp(browser)).response.status).toBe(200);
      const response = await browser.request('/api/auth/sign-out', { method: 'POST', ...init });
      expect(response.status).toBe(200);
      expect((await browser.request('/api/profile')).status).toBe(401);
    }
  });

  it.each(['99999', 'http://', '//elsewhere.example/path', 'a b'])('refuses an email verification link whose callbackURL %j cannot be followed', async (callbackURL) => {
    const response = await t.request(`/api/auth/verify-email?${new URLSearchParams({ token: 'made-up', callbackURL })}`);
    const error = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields).toEqual({ callbackURL: 'Must be a path on this site or a full URL' });
  });

  it('still redirects a made-up verification link to a callback path on the site', async () => {
    const response = await t.request(`/api/auth/verify-email?${new URLSearchParams({ token: 'made-up', callbackURL: '/account' })}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account?error=INVALID_TOKEN');
  });

  it('offers no account deletion', async () => {
    const browser = t.client();
    expect((await signUp(browser)).response.status).toBe(200);
    await expectError(await browser.request('/api/auth/delete-user', { method: 'POST', json: {} }), 404, 'NOT_FOUND');
    expect((await browser.request('/api/profile')).status).toBe(200);
  });

  // The test setup fails a test that logs an error: a made-up state or provider is the caller's mistake, not the server's.
  it('answers an OAuth callback with a made-up state without logging an error', async () => {
    const response = await t.request('/api/auth/callback/google?state=made-up&code=made-up');
    expect(response.status).toBeLessThan(500);
  });

  it('refuses to link an unknown provider without logging an error', async () => {
    const browser = t.client();
    expect((await signUp(browser)).response.status).toBe(200);
    const response = await browser.request('/api/auth/link-social', { method: 'POST', json: { provider: 'made-up' } });
    expect(response.status).toBe(404);
  });
});
