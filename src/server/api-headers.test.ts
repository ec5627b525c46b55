import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogFixture } from './test/catalog-fixture';
import { expectError } from './test/expect-error';
import { createTestApp, signIn, signUp, testPublicUrl, type TestApp, type TestClient } from './test/test-app';
import { databaseKinds } from './test/test-database';

describe.each(databaseKinds)('API response headers on %s', (kind) => {
  let t: TestApp;
  let customer: TestClient;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { AUTH_RATE_LIMIT_MAX: '2' } });
    fixture = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    customer = t.client();
    expect((await signUp(customer)).response.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('Cache-Control', () => {
    it.each(['/api/profile', '/api/cart', '/api/addresses', '/api/auth/get-session'])('is no-store on the signed-in answer of %s', async (path) => {
      const response = await customer.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('is no-store on errors too', async () => {
      const response = await t.client().request('/api/profile');
      await expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('is left to routes whose answers may be shared', async () => {
      const response = await t.request('/api/media/products/T-BAN.svg');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=2592000');
    });

    it('lets the catalog pages, the same for every visitor, be kept as long as the server shares them', async () => {
      const { warehouses } = fixture;
      for (const path of [`/api/products?warehouseId=${warehouses.austin.id}`, `/api/categories?warehouseId=${warehouses.austin.id}`]) {
        const response = await customer.request(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe(`public, max-age=${t.deps.env.CATALOG_CACHE_SECONDS}`);
      }
    });

    it('keeps a catalog error private: a product the warehouse does not sell is not to be kept', async () => {
      const response = await customer.request(`/api/products/00000000-0000-4000-8000-000000000000?warehouseId=${fixture.warehouses.austin.id}`);
      await expectError(response, 404, 'NOT_FOUND');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('Unsupported content types', () => {
    it.each([
      ['PATCH', '/api/profile', 'firstName=Form'],
      ['POST', '/api/addresses', 'streetAddress=1 Main St'],
    ])('answer %s %s with 415 UNSUPPORTED_MEDIA_TYPE', async (method, path, body) => {
      const response = await customer.request(path, { method, body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const error = await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toMatch(/JSON/);
    });

    it('answers a form posted to better-auth the same way', async () => {
      const response = await customer.request('/api/auth/sign-out', { method: 'POST', body: 'a=b', headers: { 'content-type': 'text/plain' } });
      await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await customer.request('/api/profile')).status).toBe(200);
    });
  });

  it('sends Retry-After, in seconds, with a 429', async () => {
    // Over a real socket: the limit is keyed on the connection's address.
    const server = await t.listen();
    try {
      const attempt = () =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin: testPublicUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }),
        });
      let response = await attempt();
      for (let tries = 0; tries < 5 && response.status !== 429; tries += 1) response = await attempt();
      await expectError(response.clone(), 429, 'RATE_LIMITED');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await server.close();
    }
  });

  it('signs in normally below the limit', async () => {
    const browser = t.client();
    const { email } = await signUp(t.client());
    expect((await signIn(browser, email)).status).toBe(200);
  });
});
