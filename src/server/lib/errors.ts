import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ErrorBody } from '@/shared/errors';
import { AbandonedWorkError } from '../db/request-work';
import { errorEntry } from './logger';

const statusByCode = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYMENT_REQUIRED: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof statusByCode;

export interface AppErrorOptions {
  /** Decides the HTTP status. */
  kind: ErrorCode;
  /** The code clients see; the kind itself unless a more specific one (such as CART_KIND_MISMATCH) is given. */
  code?: string;
  message: string;
  /** Messages per input field, for forms to show at the field. */
  fields?: Record<string, string>;
  /** With RATE_LIMITED: when to try again, sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** How long a client waits after a 429 when nothing more precise is known: the auth limits' window. */
export const defaultRetryAfterSeconds = 60;

/** A failure a use case reports on purpose; the error handler turns it into the one error shape. */
export class AppError extends Error {
  readonly kind: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  constructor({ kind, code, message, fields, retryAfterSeconds }: AppErrorOptions) {
    super(message);
    this.kind = kind;
    this.status = statusByCode[kind];
    this.code = code ?? kind;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', message: 'Some fields need attention.', fields: fieldsOf(error) });
}

const codeByStatus = new Map<number, ErrorCode>(Object.entries(statusByCode).map(([code, status]) => [status, code as ErrorCode]));

const httpMessages: Partial<Record<ErrorCode, string>> = {
  MALFORMED_REQUEST: 'The request could not be read.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNAUTHORIZED: 'Please sign in to continue.',
  FORBIDDEN: 'This request is not allowed.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with the current state.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is unavailable right now. Please try again.',
};

/**
 * PostgreSQL's own codes for a server that is going away or not there yet (class 08, connection
 * exceptions; 57P01-57P03, shut down or starting), and the socket errors of a server that is gone.
 */
const databaseGoneCodes = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const databaseGoneMessages = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/** Whether an error, or one it wraps (drizzle wraps the driver's), says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (databaseGoneCodes.has(candidate.code) || candidate.code.startsWith('08'))) return true;
    if (typeof candidate.message === 'string' && databaseGoneMessages.some((pattern) => pattern.test(candidate.message as string))) return true;
    current = candidate.cause;
  }
  return false;
}

/** Whether `error` is, or wraps (drizzle wraps what the driver throws), an error of `kind`. */
function wraps(error: unknown, kind: abstract new (...args: never[]) => unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof kind) return true;
    current = (current as Error).cause;
  }
  return false;
}

/** How long a client waits before trying again after the database went away: a restart's usual length. */
const databaseRetryAfterSeconds = 5;

/** Maps anything thrown in a request to the error shape; unexpected errors never leak details. */
export function handleError(error: Error, c: Context) {
  if (error instanceof AppError) {
    if (error.status === 429) c.header('Retry-After', String(error.retryAfterSeconds ?? defaultRetryAfterSeconds));
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
  }
  if (error instanceof HTTPException) {
    // Every status answers one of the documented codes; one without its own is a malformed request.
    const kind = codeByStatus.get(error.status) ?? (error.status < 500 ? 'MALFORMED_REQUEST' : 'INTERNAL');
    const status = error.status < 500 ? error.status : statusByCode[kind];
    const keepMessage = kind === 'MALFORMED_REQUEST' || kind === 'FORBIDDEN';
    const message = (keepMessage && error.message) || httpMessages[kind] || 'Request failed.';
    if (status === 429) c.header('Retry-After', String(defaultRetryAfterSeconds));
    return c.json(errorBody(kind, message), status as ContentfulStatusCode);
  }
  if (wraps(error, AbandonedWorkError)) {
    // Nobody reads this answer: the client left while the request waited for the database.
    c.var.logger?.info({ path: c.req.path }, 'client gone before its database work');
    return c.json(errorBody('UNAVAILABLE', httpMessages.UNAVAILABLE!), 503);
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: the client may try again shortly, and the pool reconnects by itself.
    c.var.logger?.warn(errorEntry(error), 'database unavailable');
    c.header('Retry-After', String(databaseRetryAfterSeconds));
    return c.json(errorBody('UNAVAILABLE', httpMessages.UNAVAILABLE!), 503);
  }
  c.var.logger?.error(errorEntry(error), 'unhandled error');
  return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
