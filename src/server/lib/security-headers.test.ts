import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { appLoaderScript, prepaintScript, themeScript } from '@/shared/inline-scripts';
import type { AppEnv } from './context';
import { isPotentiallyTrustworthy, securityHeaders } from './security-headers';

describe('isPotentiallyTrustworthy', () => {
  it.each(['https://shop.example', 'https://192.0.2.2:8443', 'http://localhost:3000', 'http://app.localhost', 'http://127.0.0.1:3200', 'http://127.1.2.3', 'http://[::1]:3000'])(
    'trusts %s',
    (origin) => {
      expect(isPotentiallyTrustworthy(origin)).toBe(true);
    },
  );

  it.each(['http://192.0.2.2:3200', 'http://shop.example', 'http://127.0.0.1.example', 'http://localhost.example', 'null', 'garbage'])('does not trust %s', (origin) => {
    expect(isPotentiallyTrustworthy(origin)).toBe(false);
  });
});

describe('securityHeaders behind a proxy', () => {
  function appBehindProxy(trustProxy: boolean) {
    const app = new Hono<AppEnv>();
    app.use(securityHeaders({ trustProxy }));
    app.get('/', (c) => c.text('page'));
    return app;
  }
  const viaTlsProxy = { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' } };

  it('judges the origin the browser addressed when the proxy is trusted', async () => {
    const response = await appBehindProxy(true).request('http://10.0.0.5:3000/', viaTlsProxy);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('ignores forwarded headers from a proxy it does not trust', async () => {
    const response = await appBehindProxy(false).request('http://10.0.0.5:3000/', viaTlsProxy);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('the Content-Security-Policy for scripts', () => {
  it("allows the page's own files and index.html's theme, loader and prepaint scripts by their hashes, and no other inline script", async () => {
    const app = new Hono<AppEnv>();
    app.use(securityHeaders({ trustProxy: false }));
    app.get('/', (c) => c.text('page'));
    const policy = (await app.request('http://localhost:3000/')).headers.get('content-security-policy') ?? '';
    const scriptSources = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scriptSources).toBe(`script-src 'self' ${hash(themeScript)} ${hash(appLoaderScript)} ${hash(prepaintScript)}`);
  });
});
