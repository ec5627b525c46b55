import { useSyncExternalStore } from 'react';
import type { ZodMiniType } from 'zod/mini';

/**
 * A JSON value in localStorage that components can subscribe to. Writes notify every subscriber in
 * this tab; the `storage` event brings changes made in other tabs.
 */
export function createLocalStore<T>(key: string, schema: ZodMiniType<T>, fallback: T) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T = fallback;

  function read(): T {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    if (raw === null) {
      cachedValue = fallback;
    } else {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        cachedValue = parsed.success ? parsed.data : fallback;
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  // One `storage` listener per store, however many components subscribe: a product grid has dozens.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) notify();
  };

  function subscribe(listener: () => void) {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  }

  return {
    key,
    read,
    write(value: T) {
      localStorage.setItem(key, JSON.stringify(value));
      notify();
    },
    clear() {
      localStorage.removeItem(key);
      notify();
    },
    use(): T {
      return useSyncExternalStore(subscribe, read, () => fallback);
    },
  };
}
