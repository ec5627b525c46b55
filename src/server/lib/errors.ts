import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ErrorBody } from '@/shared/errors';
import { errorEntry } from './logger';

const statusByCode = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
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
}

/** A failure a use case reports on purpose; the error handler turns it into the one error shape. */
export class AppError extends Error {
  readonly kind: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor({ kind, code, message, fields }: AppErrorOptions) {
    super(message);
    this.kind = kind;
    this.status = statusByCode[kind];
    this.code = code ?? kind;
    this.fields = fields;
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

/** Maps anything thrown in a request to the error shape; unexpected errors never leak details. */
export function handleError(error: Error, c: Context) {
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400) return c.json(errorBody('MALFORMED_REQUEST', error.message || 'The request could not be read.'), 400);
    if (status === 413) return c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'), 413);
    if (status === 401) return c.json(errorBody('UNAUTHORIZED', 'Please sign in to continue.'), 401);
    if (status === 403) return c.json(errorBody('FORBIDDEN', error.message || 'This request is not allowed.'), 403);
    return c.json(errorBody('HTTP_' + status, error.message || 'Request failed.'), status);
  }
  c.var.logger?.error(errorEntry(error), 'unhandled error');
  return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
