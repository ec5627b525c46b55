import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

describe('read retries', () => {
  it('retries up to three times after the first failure', () => {
    const error = new Error('Failed to fetch');
    expect([0, 1, 2].map((count) => shouldRetry(count, error))).toEqual([true, true, true]);
    expect(shouldRetry(3, error)).toBe(false);
  });

  it('never retries unauthorized, forbidden or other client errors', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(shouldRetry(0, new ApiError(status, 'X', 'no'))).toBe(false);
    }
    expect(shouldRetry(0, new ApiError(503, 'UNAVAILABLE', 'later'))).toBe(true);
  });

  it('waits 1 s, then doubles', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1000, 2000, 4000]);
  });
});
