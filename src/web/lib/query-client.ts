import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const retryPolicy = { retries: 3, delayMs: 1000, factor: 2 } as const;

/** Retries a failed read up to three times, 1 s then doubling; never a refusal or a client error. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= retryPolicy.retries) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function retryDelay(attempt: number): number {
  return retryPolicy.delayMs * retryPolicy.factor ** attempt;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: true },
      // A change asked for offline is tried at once and fails with the connection message, rather than
      // waiting unseen and happening later, when the shopper may have moved on (a cart, an order).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
