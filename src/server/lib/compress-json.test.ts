import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-database';
import { compressJson } from './compress-json';

// The real compressor, watched: how often it runs shows whether an answer was compressed again.
vi.mock('node:zlib', async (importOriginal) => {
  const original = await importOriginal<typeof zlib>();
  return { ...original, brotliCompress: vi.fn(original.brotliCompress) };
});

describe.each(databaseKinds)('JSON compression in the app on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a large JSON response with gzip, or brotli for a client that takes only brotli', async () => {
    const plain = await t.request('/api/openapi.json');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(10_000);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('application/json');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(text.length / 4);
    expect(brotliDecompressSync(brBody).toString('utf8')).toBe(text);

    // Gzip costs less CPU for about the same bytes: chosen when the client takes both.
    const gzip = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(text);
  });

  it('keeps the security headers on a compressed response', async () => {
    const response = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends a small JSON response as it is', async () => {
    const response = await t.request('/api/live', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBe(JSON.stringify({ status: 'ok' }).length);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('sends a small error response as it is', async () => {
    const response = await t.request('/api/nothing-here', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('compressJson', () => {
  const big = { items: Array.from({ length: 100 }, (_, index) => ({ id: index, name: `Item ${index}` })) };
  const app = new Hono();
  app.use(compressJson({ threshold: 1024 }));
  app.get('/big', (c) => c.json(big));
  app.get('/just-below', (c) => c.json({ text: 'x'.repeat(1010) }));
  app.get('/just-above', (c) => c.json({ text: 'x'.repeat(1020) }));
  app.get('/no-transform', (c) => c.json(big, 200, { 'cache-control': 'no-transform' }));
  app.get('/text', (c) => c.text('x'.repeat(5000)));
  app.get('/problem', (c) => c.body(JSON.stringify(big), 422, { 'content-type': 'application/problem+json' }));
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      for (let index = 0; index < 50; index += 1) await stream.writeSSE({ data: JSON.stringify(big) });
    }),
  );
  const get = (pathname: string, method = 'GET') => app.request(pathname, { method, headers: { 'accept-encoding': 'br, gzip' } });

  it('compresses from the threshold on, not below it', async () => {
    const below = await get('/just-below');
    expect(new TextEncoder().encode(JSON.stringify({ text: 'x'.repeat(1010) })).length).toBeLessThan(1024);
    expect(below.headers.get('content-encoding')).toBeNull();
    expect(await below.json()).toEqual({ text: 'x'.repeat(1010) });

    const above = await get('/just-above');
    expect(above.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await above.arrayBuffer())).toString('utf8'))).toEqual({ text: 'x'.repeat(1020) });
  });

  it('compresses JSON-based types and keeps the status', async () => {
    const response = await get('/problem');
    expect(response.status).toBe(422);
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves alone a response that says no-transform, text that is not JSON, and HEAD', async () => {
    expect((await get('/no-transform')).headers.get('content-encoding')).toBeNull();
    expect((await get('/text')).headers.get('content-encoding')).toBeNull();
    const head = await get('/big', 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses an event stream, which must reach the client message by message', async () => {
    const response = await get('/events');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toContain('data: {"items"');
  });

  it('compresses a shared answer once and reuses it, but compresses a private one every time', async () => {
    const memoApp = new Hono();
    memoApp.use(compressJson());
    memoApp.get('/shared', (c) => c.json({ ...big, kind: 'shared' }));
    memoApp.get('/private', (c) => c.json({ ...big, kind: 'private' }, 200, { 'cache-control': 'private, no-store' }));
    memoApp.get('/session', (c) => {
      c.header('set-cookie', 'a=1; Path=/', { append: true });
      c.header('set-cookie', 'b=2; Path=/', { append: true });
      return c.json({ ...big, kind: 'session' });
    });
    const calls = vi.mocked(zlib.brotliCompress);
    const bodies: string[] = [];
    for (const pathname of ['/shared', '/shared', '/shared']) {
      const before = calls.mock.calls.length;
      const response = await memoApp.request(pathname, { headers: { 'accept-encoding': 'br' } });
      bodies.push(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
      expect(calls.mock.calls.length - before).toBe(bodies.length === 1 ? 1 : 0);
    }
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ ...big, kind: 'shared' })]));

    const before = calls.mock.calls.length;
    for (const _ of [1, 2]) {
      const response = await memoApp.request('/private', { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
    }
    expect(calls.mock.calls.length - before).toBe(2);

    const beforeSession = calls.mock.calls.length;
    for (const _ of [1, 2]) {
      const response = await memoApp.request('/session', { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    }
    expect(calls.mock.calls.length - beforeSession).toBe(2);
  });
});
