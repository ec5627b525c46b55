import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { requestOrigin } from './origin-check';
import { inlineScripts } from '@/shared/inline-scripts';

/** The inline scripts of index.html (ADR 054, ADR 058), and no other. */
const inlineScriptHashes = inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`).join(' ');

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  `script-src 'self' ${inlineScriptHashes}`,
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const headers: [string, string][] = [
  ['content-security-policy', contentSecurityPolicy],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Headers a browser honours only on a potentially trustworthy origin: elsewhere (a plain-HTTP LAN
 * address) it ignores them and logs an error or a warning on every page load.
 */
const trustworthyOnlyHeaders: [string, string][] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
];

/** HTTPS, or a loopback host, which browsers trust over plain HTTP. */
export function isPotentiallyTrustworthy(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

// Catalog images may be shown by the native app, whose pages come from another origin.
const resourcePolicy = (path: string) => (path.startsWith('/api/media/') ? 'cross-origin' : 'same-origin');

function headersFor(origin: string, path: string): [string, string][] {
  const all = isPotentiallyTrustworthy(origin) ? [...headers, ...trustworthyOnlyHeaders] : headers;
  return [...all, ['cross-origin-resource-policy', resourcePolicy(path)]];
}

/**
 * Security headers on every response, judged by the origin the browser addressed (through a trusted
 * proxy, the one it received). They are set before the handler runs, so they travel with the
 * response it builds; adding them afterwards would force each response to be copied.
 */
export function securityHeaders(options: { trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const chosen = headersFor(requestOrigin(c.req.raw, options), c.req.path);
    c.set('securityHeaders', chosen);
    for (const [name, value] of chosen) c.header(name, value);
    await next();
  });
}

/** The same headers on a response a library built itself. */
export function withSecurityHeaders(response: Response, c: Context<AppEnv>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of c.var.securityHeaders) copy.headers.set(name, value);
  return copy;
}
