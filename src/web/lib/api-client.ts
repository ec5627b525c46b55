import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { copy } from '@/shared/copy';
import { isErrorBody } from '@/shared/errors';
import type { AppType } from '@/server/app';
import { platformFetch } from './platform';

/** Where the API lives: same origin on the web; the configured server in the native app. */
export const apiBaseUrl: string = import.meta.env.VITE_API_URL ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** With a 429: how long the server asks the client to wait before trying again (its Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'NETWORK';
  return error instanceof Error && /Failed to fetch|Network/i.test(error.message);
}

async function send(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    // On native, a request with no answer in 30 s fails like a lost connection (SPEC §7).
    return await platformFetch(input, { credentials: 'include', ...init });
  } catch (error) {
    if (isNetworkError(error)) throw new ApiError(0, 'NETWORK', copy.app.connectionIssue);
    throw error;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  // The server sends Retry-After in seconds; an HTTP date (which it never sends) is left out.
  const retryAfter = response.headers.get('retry-after')?.trim();
  const retryAfterSeconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message, body.error.fields, retryAfterSeconds);
  return new ApiError(response.status, 'HTTP_' + response.status, response.statusText || 'Request failed', undefined, retryAfterSeconds);
}

/** Untyped JSON call, for endpoints outside the typed client (better-auth's). */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await send(apiBaseUrl + path, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Opens a streaming response (server-sent events) through the same fetch as every call, or throws the server's error. */
export async function apiStream(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await send(apiBaseUrl + path, init);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The typed client: paths, inputs and outputs come from the server's route definitions. */
export const api = hc<AppType>(apiBaseUrl || globalThis.location?.origin || 'http://localhost', { fetch: send }).api;

/** Resolves a typed-client call to its JSON body, or throws the server's error. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkBody<R>> {
  const response = await call;
  if (!response.ok) throw await toApiError(response as unknown as Response);
  if (response.status === 204) return undefined as OkBody<R>;
  return (await response.json()) as OkBody<R>;
}

type OkBody<R> = R extends ClientResponse<infer T, infer S, string> ? (S extends SuccessStatusCode ? T : never) : never;
