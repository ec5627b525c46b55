import type { Context } from 'hono';
import { withSecurityHeaders } from './security-headers';
import type { Auth } from './auth';
import { defaultRetryAfterSeconds, errorBody } from './errors';

const friendlyMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in or use another email.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in or use another email.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  INVALID_EMAIL: 'Enter a valid email address',
  INVALID_TOKEN: 'The sign-in token is invalid or has expired.',
  // better-auth refuses to link a provider to an account whose email was never verified.
  OAUTH_LINK_ERROR: 'An account with this email already exists. Sign in with your password.',
};

const fieldOf: Record<string, string> = {
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_EMAIL: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  USER_ALREADY_EXISTS: 'email',
};

/** better-auth reports input errors as one string, `[body.field] message; [body.other] message`. */
function fieldsOfValidationMessage(message: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of message.matchAll(/\[(?:body|query)\.?([^\]]*)\] ([^;]+)/g)) {
    fields[match[1] || '_'] ??= match[2]!.trim();
  }
  return fields;
}

/**
 * Whether better-auth has an endpoint for this method and path (under /api/auth). Asked first because
 * better-auth counts every request against a rate limit keyed by its path before it looks for a route,
 * so each made-up path would otherwise leave a row in `rate_limit`.
 */
export function authEndpointMatcher(auth: Auth): (method: string, path: string) => boolean {
  const disabled = new Set(auth.options.disabledPaths ?? []);
  const routes: { method: string; pattern: RegExp }[] = [];
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }[]) {
    if (!endpoint.path || !endpoint.options || endpoint.options.metadata?.SERVER_ONLY || disabled.has(endpoint.path)) continue;
    const source = endpoint.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = [endpoint.options.method ?? '*'].flat();
    for (const method of methods) routes.push({ method, pattern: new RegExp(`^${source}$`) });
  }
  return (method, path) => {
    const local = path.startsWith('/api/auth/') ? path.slice('/api/auth'.length) : undefined;
    return local !== undefined && routes.some((route) => (route.method === '*' || route.method === method) && route.pattern.test(local));
  };
}

/** The query parameters better-auth redirects to; it builds the redirect with `new URL` and fails on one it cannot parse. */
const redirectParameters = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** A root-relative path or an absolute URL, as better-auth can add its query to. */
function isUsableRedirect(value: string) {
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  return URL.canParse(value, value.startsWith('/') ? 'https://freshcart.invalid' : undefined);
}

/** The redirect parameters of a query that better-auth could not follow, each with its field error; undefined when all can be. */
export function unusableRedirects(query: URLSearchParams): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const name of redirectParameters) {
    if (query.getAll(name).some((value) => !isUsableRedirect(value))) fields[name] = 'Must be a path on this site or a full URL';
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export interface AuthFailure {
  status: number;
  code: string;
}

export interface AuthRequestOptions {
  /** A second look at a failure with knowledge better-auth lacks; answers a replacement or nothing. */
  refine?: (failure: AuthFailure) => Promise<AuthFailure | undefined>;
}

/**
 * Passes a request to better-auth and rewrites its failures into the one error shape,
 * so clients handle every API error the same way.
 */
export async function handleAuthRequest(
  auth: Auth,
  c: Context,
  request: Request = c.req.raw,
  options: AuthRequestOptions = {},
) {
  // better-auth builds its own responses, so the headers every response carries are added here.
  return withSecurityHeaders(await authResponse(auth, c, request, options), c);
}

async function authResponse(auth: Auth, c: Context, request: Request, options: AuthRequestOptions) {
  const response = await auth.handler(request);
  if (response.status < 400) return response;
  let status = response.status;

  const text = await response.text();
  let code = 'AUTH_ERROR';
  let message = 'Request failed.';
  let fields: Record<string, string> | undefined;
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    if (body.code) code = body.code;
    message = friendlyMessages[code] ?? body.message ?? message;
    if (code === 'VALIDATION_ERROR') {
      code = 'VALIDATION_FAILED';
      message = 'Some fields need attention.';
      const parsed = fieldsOfValidationMessage(body.message ?? '');
      if (Object.keys(parsed).length > 0) fields = parsed;
    }
  } catch {
    // An empty or non-JSON failure keeps the generic message.
  }
  const refined = status < 500 ? await options.refine?.({ status, code }) : undefined;
  if (refined) {
    ({ status, code } = refined);
    message = friendlyMessages[code] ?? message;
    fields = undefined;
  }
  // better-auth answers these without a code of its own; they mean the same as anywhere else in the API.
  let retryAfter: string | undefined;
  if (status === 429) {
    code = 'RATE_LIMITED';
    message = 'Too many attempts. Please wait a minute and try again.';
    // better-auth says when in its own header; Retry-After is the one clients and proxies know.
    const seconds = Number(response.headers.get('x-retry-after'));
    retryAfter = String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : defaultRetryAfterSeconds);
  } else if (status === 415) {
    code = 'UNSUPPORTED_MEDIA_TYPE';
    message = 'Send the request body as JSON (Content-Type: application/json).';
  } else if (status === 404 && code === 'AUTH_ERROR') {
    code = 'NOT_FOUND';
    message = 'No such endpoint.';
  }
  if (status >= 500) {
    // The code alone: better-auth's message may repeat what the request carried.
    c.var.logger.error({ status, code }, 'auth failure');
    code = 'INTERNAL';
    message = 'Something went wrong on our side. Please try again.';
    fields = undefined;
  }
  const field = fieldOf[code];
  if (field) fields = { [field]: message };
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  if (retryAfter) headers.set('retry-after', retryAfter);
  return new Response(JSON.stringify(errorBody(code, message, fields)), {
    status,
    headers,
  });
}
