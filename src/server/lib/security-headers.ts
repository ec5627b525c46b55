import { createMiddleware } from 'hono/factory';

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const headers: [string, string][] = [
  ['content-security-policy', contentSecurityPolicy],
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
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
 * Security headers on every response. They are set before the handler runs, so they travel with
 * the response it builds; adding them afterwards would force each response to be copied.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  for (const [name, value] of headers) c.header(name, value);
  c.header('cross-origin-resource-policy', resourcePolicy(c.req.path));
  await next();
});

// Catalog images may be shown by the native app, whose pages come from another origin.
const resourcePolicy = (path: string) => (path.startsWith('/api/media/') ? 'cross-origin' : 'same-origin');

/** The same headers on a response a library built itself. */
export function withSecurityHeaders(response: Response, path: string): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of headers) copy.headers.set(name, value);
  copy.headers.set('cross-origin-resource-policy', resourcePolicy(path));
  return copy;
}
