import { createMiddleware } from 'hono/factory';
import { cors } from 'hono/cors';
import { nativeOrigins, type Env } from '../env';
import type { AppEnv } from './context';
import { AppError } from './errors';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginPolicy {
  /** PUBLIC_URL and TRUSTED_ORIGINS: pages that may act with the user's cookie. */
  trusted: readonly string[];
  /** The native shells' origins: trusted for bearer-token requests only. */
  native: readonly string[];
  /** Honour X-Forwarded-Proto and X-Forwarded-Host (only behind a proxy that sets them). */
  trustProxy: boolean;
}

export function originPolicyOf(env: Pick<Env, 'PUBLIC_URL' | 'TRUSTED_ORIGINS' | 'TRUST_PROXY'>): OriginPolicy {
  return {
    trusted: [new URL(env.PUBLIC_URL).origin, ...env.TRUSTED_ORIGINS.map((origin) => new URL(origin).origin)],
    native: nativeOrigins,
    trustProxy: env.TRUST_PROXY,
  };
}

/** How a request's origin relates to this server. */
export type OriginKind = 'same' | 'trusted' | 'native' | 'foreign' | 'none';

/** The last entry of a list header: the one the nearest proxy wrote, as every earlier one is the client's. */
function lastEntry(value: string | null): string | undefined {
  return value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
}

/**
 * The origin the client addressed: scheme, host and port as this server received them, or as the
 * proxy in front of it received them when that proxy is trusted.
 */
export function requestOrigin(request: Request, options: { trustProxy: boolean }): string {
  const url = new URL(request.url);
  if (options.trustProxy) {
    const proto = lastEntry(request.headers.get('x-forwarded-proto'))?.toLowerCase();
    const host = lastEntry(request.headers.get('x-forwarded-host'));
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host) {
      try {
        return new URL(`${url.protocol}//${host}`).origin;
      } catch {
        // A host the URL parser refuses cannot match any Origin header.
        return 'null';
      }
    }
  }
  return url.origin;
}

export function carriesBearer(headers: Headers): boolean {
  return /^bearer\s+\S/i.test(headers.get('authorization') ?? '');
}

/** The origin a browser named for this request: Origin, or the Referer's origin when Origin is absent (as better-auth reads it). */
function claimedOrigin(headers: Headers): string | undefined {
  const origin = headers.get('origin');
  if (origin) return origin;
  const referer = headers.get('referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export function classifyOrigin(request: Request, policy: OriginPolicy): OriginKind {
  const origin = claimedOrigin(request.headers);
  if (!origin) return 'none';
  if (origin === requestOrigin(request, policy)) return 'same';
  if (policy.trusted.includes(origin)) return 'trusted';
  if (policy.native.includes(origin)) return 'native';
  return 'foreign';
}

/**
 * The origins better-auth should trust for one request. The request's own origin always; the native
 * shells' origins only when no cookie comes with it, since a page on http://localhost may be anything
 * and its requests to a deployment on another port of localhost carry that deployment's cookie.
 */
export function trustedOriginsFor(request: Request | undefined, policy: OriginPolicy): string[] {
  if (!request) return [...policy.trusted];
  const native = request.headers.has('cookie') ? [] : policy.native;
  return [requestOrigin(request, policy), ...policy.trusted, ...native];
}

const refused = () => new AppError({ kind: 'FORBIDDEN', message: 'Requests from this origin are not allowed.' });

/**
 * Cross-origin reads and state-changing requests, decided by where the page that sent them lives:
 * - same origin (however the server was addressed) and configured origins: allowed, with cookies;
 * - the native shells: allowed for bearer-token and anonymous requests; their cookies never count;
 * - any other page: refused for changes, and its reads get no CORS headers;
 * - no Origin at all (not a browser page, or a browser that hid it): a change that carries a cookie
 *   is refused, as better-auth refuses it, since the cookie is what a forged request would abuse.
 * `signedPaths` (a payment provider's webhook) are proven by their own signature, not by a session:
 * they pass whatever their origin, with any cookie taken off so none can ever count, and get no CORS.
 */
export function originCheck(policy: OriginPolicy, options: { signedPaths?: readonly string[] } = {}) {
  const withCredentials = cors({ origin: (origin) => origin, credentials: true });
  const withoutCredentials = cors({ origin: (origin) => origin });
  const noCors = cors({ origin: () => null });
  const signedPaths = new Set(options.signedPaths ?? []);

  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    if (signedPaths.has(c.req.path)) {
      request.headers.delete('cookie');
      return noCors(c, next);
    }
    const kind = classifyOrigin(request, policy);
    const unsafe = unsafeMethods.has(c.req.method);
    const hasCookie = request.headers.has('cookie');
    const bearer = carriesBearer(request.headers);

    if (kind === 'foreign' && unsafe) throw refused();
    if (kind === 'none' && unsafe && hasCookie) throw refused();
    if (kind === 'native' && hasCookie) {
      if (unsafe && !bearer) throw refused();
      // The bearer token (or nothing) identifies a native request; a cookie beside it must not.
      request.headers.delete('cookie');
    }

    if (kind === 'same' || kind === 'none' || !c.req.header('origin')) return next();
    if (kind === 'trusted') return withCredentials(c, next);
    if (kind === 'native') {
      // A preflight carries no credentials; it may promise them to a request that will send a bearer token.
      const preflightForBearer =
        c.req.method === 'OPTIONS' && /(^|,)\s*authorization\s*(,|$)/i.test(c.req.header('access-control-request-headers') ?? '');
      return bearer || preflightForBearer ? withCredentials(c, next) : withoutCredentials(c, next);
    }
    return noCors(c, next);
  });
}
