import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache';

describe('read cache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent readers and expires after the ttl', async () => {
    vi.useFakeTimers();
    const cache = createReadCache({ ttlMs: 1000 });
    const load = vi.fn(async () => 'rows');
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    // Past the ttl the old value is still served while one reload runs.
    vi.advanceTimersByTime(2);
    load.mockImplementation(async () => 'new rows');
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['rows', 'rows']);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get('k', load)).toBe('new rows');
    // Past twice the ttl nothing old is served.
    vi.advanceTimersByTime(2001);
    load.mockImplementation(async () => 'newest');
    expect(await cache.get('k', load)).toBe('newest');
  });

  it('forgets failures and keeps keys apart', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
    expect(await cache.get('other', async () => 'other')).toBe('other');
  });

  it('is off with a ttl of 0 and bounded in size', async () => {
    const off = createReadCache({ ttlMs: 0 });
    const load = vi.fn(async () => 1);
    await off.get('k', load);
    await off.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);

    const small = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    const loads = vi.fn(async () => 1);
    await small.get('a', loads);
    await small.get('b', loads);
    await small.get('c', loads);
    await small.get('a', loads);
    expect(loads).toHaveBeenCalledTimes(4);
  });
});
