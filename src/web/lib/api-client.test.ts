import { afterEach, describe, expect, it, vi } from 'vitest';
import { copy } from '@/shared/copy';
import { apiFetch, ApiError } from './api-client';

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns a failed connection into the connection-issue message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await apiFetch('/api/cart').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'NETWORK', message: copy.app.connectionIssue });
  });

  it('leaves other failures as they are', async () => {
    const bug = new Error('something else broke');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(bug));
    await expect(apiFetch('/api/cart')).rejects.toBe(bug);
  });
});
