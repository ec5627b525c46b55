import type { Context } from 'hono';
import type { Auth } from './auth';
import { errorBody } from './errors';

const friendlyMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in or use another email.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in or use another email.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  INVALID_EMAIL: 'Enter a valid email address',
};

const fieldOf: Record<string, string> = {
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_EMAIL: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  USER_ALREADY_EXISTS: 'email',
};

/**
 * Passes a request to better-auth and rewrites its failures into the one error shape,
 * so clients handle every API error the same way.
 */
export async function handleAuthRequest(auth: Auth, c: Context, request: Request = c.req.raw) {
  const response = await auth.handler(request);
  if (response.status < 400) return response;

  const text = await response.text();
  let code = response.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
  let message = response.status === 429 ? 'Too many attempts. Please wait a minute and try again.' : 'Request failed.';
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    if (body.code) code = body.code;
    message = friendlyMessages[code] ?? body.message ?? message;
  } catch {
    // An empty or non-JSON failure keeps the generic message.
  }
  if (response.status >= 500) {
    c.var.logger.error({ status: response.status, body: text.slice(0, 500) }, 'auth failure');
    code = 'INTERNAL';
    message = 'Something went wrong on our side. Please try again.';
  }
  const field = fieldOf[code];
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(errorBody(code, message, field ? { [field]: message } : undefined)), {
    status: response.status,
    headers,
  });
}
