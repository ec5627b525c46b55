import { lazy, type ComponentType } from 'react';
import { subscribeToConnectivity } from './platform';
import { isStaleChunkError } from './stale-chunk';

/** Tries after the connection came back: the first requests may still fail while it settles. */
const TRIES_AFTER_RECONNECT = 3;
const RETRY_DELAY_MS = 1000;

/** Resolves once the device is online: true when it had to wait for the connection, false when it was online already. */
function untilOnline(): Promise<boolean> {
  return new Promise((resolve) => {
    let waited = false;
    let settled = false;
    // The connection as it is now comes first (at once on the web, a moment later on native), then each change.
    const stop = subscribeToConnectivity((online) => {
      if (settled) return;
      if (!online) {
        waited = true;
        return;
      }
      settled = true;
      queueMicrotask(() => stop());
      resolve(waited);
    });
  });
}

/**
 * `load` (a dynamic import) that, when its chunk could not arrive because the device is offline (no
 * service worker yet, or none on this origin), is tried again once the connection is back instead of
 * failing. A failure while online (a deploy removed the chunk) still fails, for the route's error
 * boundary to reload the app.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, triesLeft = 0): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (!isStaleChunkError(error)) throw error;
    if (await untilOnline()) return loadWhenOnline(load, TRIES_AFTER_RECONNECT);
    if (triesLeft === 0) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return loadWhenOnline(load, triesLeft - 1);
  });
}

/**
 * `lazy` for a part of the page loaded on first use (a dialog, a menu): opened offline
 * before its code came, it shows once the connection is back, rather than taking the whole page down to
 * its error screen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`, for any props
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadWhenOnline(load));
}

/**
 * Starts loading a part of the page ahead of its first use (a pointer over its button). A failure
 * here is left to the load that needs the part, which waits for the connection.
 */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
