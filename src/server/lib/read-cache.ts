/**
 * A short-lived, per-instance cache for public reads that many visitors share (catalog pages).
 * Concurrent misses for one key share a single load. An entry is fresh for `ttlMs`; for as long
 * again it is still served while one reload runs in the background, so a busy page never waits on
 * an expired entry. A ttl of 0 turns the cache off. It only ever holds data anyone may read, never
 * prices a cart depends on: the cart and checkout always read the database.
 */
export function createReadCache(options: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, { freshUntil: number; staleUntil: number; value: Promise<unknown>; reloading: boolean }>();

  function store<T>(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const value = load();
    entries.set(key, { freshUntil: now + options.ttlMs, staleUntil: now + 2 * options.ttlMs, value, reloading: false });
    // A failed load is not remembered.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    if (entries.size > maxEntries) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return value;
  }

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.freshUntil > now) return entry.value as Promise<T>;
      if (entry && entry.staleUntil > now) {
        if (!entry.reloading) {
          entry.reloading = true;
          // The stale value keeps serving until the new one has arrived.
          load().then(
            (fresh) => entries.set(key, { freshUntil: Date.now() + options.ttlMs, staleUntil: Date.now() + 2 * options.ttlMs, value: Promise.resolve(fresh), reloading: false }),
            () => {
              entry.reloading = false;
            },
          );
        }
        return entry.value as Promise<T>;
      }
      return store(key, load, now);
    },
    clear() {
      entries.clear();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
