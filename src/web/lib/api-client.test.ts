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

  it("carries a refusal's Retry-After, in seconds", async () => {
    const refusal = () => ({ error: { code: 'RATE_LIMITED', message: 'Too soon.' } });
    const answer = (headers: Record<string, string>) =>
      vi.fn().mockResolvedValue(new Response(JSON.stringify(refusal()), { status: 429, headers: { 'content-type': 'application/json', ...headers } }));
    vi.stubGlobal('fetch', answer({ 'retry-after': '2' }));
    expect(await apiFetch('/api/x').catch((error: unknown) => error)).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 2 });
    vi.stubGlobal('fetch', answer({ 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }));
    expect(await apiFetch('/api/x').catch((error: unknown) => error)).toMatchObject({ status: 429, retryAfterSeconds: undefined });
    vi.stubGlobal('fetch', answer({}));
    expect(await apiFetch('/api/x').catch((error: unknown) => error)).toMatchObject({ status: 429, retryAfterSeconds: undefined });
  });

  it('leaves other failures as they are', async () => {
    const bug = new Error('something else broke');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(bug));
    await expect(apiFetch('/api/cart')).rejects.toBe(bug);
  });
});
