import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from './test/expect-error';
import { createTestApp, type TestApp } from './test/test-app';
import { databaseKinds } from './test/test-database';

describe.each(databaseKinds)('app on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health with the database kind', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: { status: 'ok', kind } });
  });

  it('writes mail to the log when no SMTP server is configured', () => {
    expect(t.deps.mailer.name).toBe('log');
  });

  it('describes the profile and auth endpoints in the OpenAPI document', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\.1/);
    expect(Object.keys(document.paths['/api/profile'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(document.paths).toHaveProperty('/api/auth/sign-in/email');
  });

  it.each(['/api/health', '/api/nothing-here'])('sends security headers on %s', async (path) => {
    const response = await t.request(path);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3200', true],
    ['https://shop.example', true],
    ['http://192.0.2.2:3200', false],
  ])('sends the headers browsers honour only on trustworthy origins to %s only if it is one (%s)', async (origin, trustworthy) => {
    for (const request of [
      new Request(`${origin}/api/health`),
      // better-auth builds this response itself.
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }),
      }),
    ]) {
      const response = await t.app.request(request, undefined, { incoming: { socket: { remoteAddress: '10.9.8.7' } } });
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe(trustworthy ? 'same-origin' : null);
      expect(response.headers.get('origin-agent-cluster')).toBe(trustworthy ? '?1' : null);
    }
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'big@example.test', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('health without a database', () => {
  it('answers 503 and says the database is down', async () => {
    const t = await createTestApp({ kind: 'pglite' });
    await t.close();
    // The failure is logged as an error on purpose: keep it off the console and check it below.
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const response = await t.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', database: { status: 'down', kind: 'pglite' } });
    const logged = vi.mocked(console.error).mock.calls.map((call) => call.join(' '));
    expect(logged.some((line) => line.includes('health check failed'))).toBe(true);
    vi.mocked(console.error).mockClear();
  });
});
