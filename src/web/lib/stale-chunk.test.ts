import { beforeEach, describe, expect, it } from 'vitest';
import { isStaleChunkError, claimStaleChunkReload, STALE_CHUNK_GUARD_MS, STALE_CHUNK_RELOAD_KEY } from './stale-chunk';

describe('isStaleChunkError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/home-1a2b3c.js'),
    new TypeError('error loading dynamically imported module: https://shop.test/assets/home-1a2b3c.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/home-1a2b3c.css'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isStaleChunkError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), new TypeError('Failed to fetch'), 'Failed to fetch dynamically imported module', null])(
    'leaves %s alone',
    (error) => {
      expect(isStaleChunkError(error)).toBe(false);
    },
  );
});

describe('claimStaleChunkReload', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows one reload, then none within the guard window, then one again after it', () => {
    let now = 1_000_000;
    const options = { now: () => now };

    expect(claimStaleChunkReload(options)).toBe(true);
    expect(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)).toBe('1000000');

    now += STALE_CHUNK_GUARD_MS - 1;
    expect(claimStaleChunkReload(options)).toBe(false);

    now += 1;
    expect(claimStaleChunkReload(options)).toBe(true);
  });

  it('does not reload when it cannot remember having reloaded', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(claimStaleChunkReload({ storage })).toBe(false);
  });

  it('treats an unreadable or future marker as no recent reload', () => {
    sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, 'garbage');
    expect(claimStaleChunkReload({ now: () => 5_000_000 })).toBe(true);
    sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, '9000000');
    expect(claimStaleChunkReload({ now: () => 5_000_000 })).toBe(true);
  });
});
