import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { precompressFolder } from './precompress';
import { chooseEncoding } from './static-assets';

const script = `export const catalog = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Product ${index}` })))};\n`;
const styles = `${Array.from({ length: 100 }, (_, index) => `.item-${index} { color: red; margin: ${index}px; }`).join('\n')}\n`;
const page = `<!doctype html><html><head><title>FreshCart</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

const serviceWorker = `${'// precache manifest\n'.repeat(100)}self.addEventListener('fetch', () => {});\n`;
const manifest = JSON.stringify({ name: 'FreshCart', short_name: 'FreshCart', start_url: '/', display: 'standalone' });

function decode(encoding: string | null, body: ArrayBuffer): string {
  const bytes = Buffer.from(body);
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip'], 'br'],
    ['gzip, deflate', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['gzip;q=1, br;q=0.5', ['br', 'gzip'], 'gzip'],
    ['*', ['br', 'gzip'], 'br'],
    ['br', ['gzip'], undefined],
    ['identity', ['br', 'gzip'], undefined],
    [undefined, ['br', 'gzip'], undefined],
  ] as const)('Accept-Encoding %s with %j on disk sends %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'freshcart-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), page);
    writeFileSync(path.join(webRoot, 'assets/index-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets/index-def456.css'), styles);
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webRoot, 'sw.js'), serviceWorker);
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), manifest);
    await precompressFolder(webRoot);
    // A build whose brotli step did not run for this file: gzip only.
    rmSync(path.join(webRoot, 'assets/index-def456.css.br'));
    t = await createTestApp({ kind: 'pglite' });
    app = createApp({ ...t.deps, webRoot });
  });
  afterAll(async () => {
    await t?.close();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) => app.request(`http://localhost:3000${pathname}`, { headers });

  it('sends brotli to a browser that accepts it, with its type, Vary and immutable caching', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await response.arrayBuffer();
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(script.length / 3);
    expect(decode('br', body)).toBe(script);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(decode('gzip', await response.arrayBuffer())).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding, still saying that the answer varies', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe(script);
  });

  it('falls back to the next encoding, then to the file itself, when a compressed file is missing', async () => {
    const gzipped = await get('/assets/index-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(decode('gzip', await gzipped.arrayBuffer())).toBe(styles);

    const plain = await get('/assets/index-def456.css', { 'accept-encoding': 'br' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(styles);
  });

  it('sends a small file, which has no compressed copies, as it is and without Vary', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/', '/products/some-id', '/account', '/index.html'])('answers the app route %s with the compressed page, revalidated on each visit', async (pathname) => {
    const response = await get(pathname, { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(decode('br', await response.arrayBuffer())).toBe(page);
  });

  it('sends the service worker as a script that is revalidated on every check, so a new version is found at once', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(decode(response.headers.get('content-encoding'), await response.arrayBuffer())).toBe(serviceWorker);
  });

  it('sends the web manifest as a manifest, revalidated on every visit', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(await response.text())).toMatchObject({ name: 'FreshCart', display: 'standalone' });
  });

  it.each(['/sw.js', '/workbox-0960b847.js', '/manifest.webmanifest'])(
    'answers a missing worker file or manifest (%s) with 404 rather than the page',
    async (pathname) => {
      // A build without the installable app: only the page.
      const bareRoot = mkdtempSync(path.join(tmpdir(), 'freshcart-web-bare-'));
      try {
        writeFileSync(path.join(bareRoot, 'index.html'), page);
        const bare = createApp({ ...t.deps, webRoot: bareRoot });
        const response = await bare.request(`http://localhost:3000${pathname}`);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).not.toContain('text/html');
        expect((await bare.request('http://localhost:3000/sw.js/elsewhere')).status).toBe(200);
      } finally {
        rmSync(bareRoot, { recursive: true, force: true });
      }
    },
  );

  it('answers a repeated visit with 304 when the page has not changed', async () => {
    const first = await get('/cart', { 'accept-encoding': 'gzip' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await get('/cart', { 'accept-encoding': 'gzip', 'if-none-match': etag! });
    expect(second.status).toBe(304);
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    // The gzip copy's tag does not validate the brotli copy.
    const other = await get('/cart', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await app.request('http://localhost:3000/assets/index-abc123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe('');
  });

  it('answers a missing chunk with 404 rather than the page', async () => {
    const response = await get('/assets/index-gone00.js', { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toContain('text/html');
  });

  it.each(['/assets/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%FF%FE.js', '/assets/.hidden.js', '/assets/x%00.js'])(
    'never serves a file outside the folder for %s',
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(pathname.startsWith('/assets/') ? 404 : 200);
      if (response.status === 200) expect(await response.text()).toBe(page);
    },
  );

  it('leaves the API to the API', async () => {
    const response = await get('/api/nothing-here', { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
