import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_MAX_AGE_MS, prefetchedOr, takePrefetched, takePrefetchedBody } from './prefetched';

const listPath = '/api/products?sort=relevance&page=1&pageSize=24';
const list = { items: [{ name: 'Pear' }] };

/** What the app loader in index.html leaves behind (ADR 061). */
function prefetch(url: string, response: Promise<Response>, extra: { body?: unknown; startedAt?: number } = {}) {
  window.freshcartPrefetch = { url, startedAt: extra.startedAt ?? Date.now(), response, body: extra.body };
}

const ok = () => Promise.resolve(new Response(JSON.stringify(list), { status: 200 }));
const appUrl = (query: string) => new URL(`/api/products?${query}`, window.location.href);

afterEach(() => {
  delete window.freshcartPrefetch;
  vi.useRealTimers();
});

describe('a read prefetched by the app loader', () => {
  it('answers the same read, whatever the order of its query values, once', async () => {
    const response = ok();
    prefetch(`${listPath}&warehouseId=w1`, response);
    expect(takePrefetched(appUrl('warehouseId=w1&sort=relevance&page=1&pageSize=24'))).toBe(response);
    expect(takePrefetched(appUrl('warehouseId=w1&sort=relevance&page=1&pageSize=24'))).toBeUndefined();
  });

  it('is dropped when the app asks for another read, so a later matching read goes to the network', () => {
    prefetch(`${listPath}&warehouseId=w1`, ok());
    // The customer changed warehouse before the page asked.
    expect(takePrefetched(appUrl('warehouseId=w2&sort=relevance&page=1&pageSize=24'))).toBeUndefined();
    expect(window.freshcartPrefetch).toBeUndefined();
    expect(takePrefetched(appUrl('warehouseId=w1&sort=relevance&page=1&pageSize=24'))).toBeUndefined();
  });

  it('does not stand for a read with a value more or less', () => {
    prefetch(listPath, ok());
    expect(takePrefetched(appUrl('sort=relevance&page=1&pageSize=24&q=pear'))).toBeUndefined();
    prefetch(`${listPath}&warehouseId=w1`, ok());
    expect(takePrefetched(appUrl('sort=relevance&page=1&pageSize=24'))).toBeUndefined();
  });

  it('is not used once older than the max-age the server gives catalog reads', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    prefetch(listPath, ok(), { startedAt: 1_000_000 - PREFETCH_MAX_AGE_MS - 1 });
    expect(takePrefetched(appUrl('sort=relevance&page=1&pageSize=24'))).toBeUndefined();
  });

  it('hands over its body when the loader has read it, and leaves a response still on its way for the read', async () => {
    prefetch(listPath, ok(), { body: list });
    expect(takePrefetchedBody(appUrl('sort=relevance&page=1&pageSize=24'))).toEqual(list);
    expect(window.freshcartPrefetch).toBeUndefined();

    const response = ok();
    prefetch(listPath, response);
    expect(takePrefetchedBody(appUrl('sort=relevance&page=1&pageSize=24'))).toBeUndefined();
    expect(takePrefetched(appUrl('sort=relevance&page=1&pageSize=24'))).toBe(response);
  });

  it('stands in for the request when it succeeded', async () => {
    prefetch(listPath, ok());
    const request = vi.fn(ok);
    const response = await prefetchedOr(appUrl('sort=relevance&page=1&pageSize=24'), request);
    expect(await response.json()).toEqual(list);
    expect(request).not.toHaveBeenCalled();
  });

  it('falls back on the request when it failed, answered an error or was for another read', async () => {
    const request = vi.fn(ok);
    prefetch(listPath, Promise.reject(new TypeError('Failed to fetch')));
    await prefetchedOr(appUrl('sort=relevance&page=1&pageSize=24'), request);
    prefetch(listPath, Promise.resolve(new Response('{}', { status: 503 })));
    await prefetchedOr(appUrl('sort=relevance&page=1&pageSize=24'), request);
    prefetch(listPath, ok());
    await prefetchedOr(appUrl('sort=price_asc&page=1&pageSize=24'), request);
    await prefetchedOr(appUrl('sort=relevance&page=1&pageSize=24'), request);
    expect(request).toHaveBeenCalledTimes(4);
  });
});
