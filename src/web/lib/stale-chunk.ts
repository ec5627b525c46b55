/**
 * After a deploy, the chunk names an open tab knows may be gone from the server: its next lazy page
 * fails to load. Reloading fetches the new index and its chunks. A reload within the guard window
 * means the new version fails too, so we stop there instead of reloading forever.
 */
export const STALE_CHUNK_RELOAD_KEY = 'stale-chunk-reload-at';
export const STALE_CHUNK_GUARD_MS = 30_000;

const chunkLoadMessages = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a chunk's styles
  /Loading (CSS )?chunk [\w-]+ failed/i, // older bundlers
];

export function isStaleChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return chunkLoadMessages.some((pattern) => pattern.test(error.message));
}

export interface StaleChunkReloadOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

/**
 * Records a reload for a stale chunk and answers true, for the caller to reload; answers false (the
 * error is to be shown) when the last such reload was within the guard window or cannot be recorded.
 */
export function claimStaleChunkReload({ storage = sessionStorage, now = Date.now }: StaleChunkReloadOptions = {}): boolean {
  try {
    const last = Number(storage.getItem(STALE_CHUNK_RELOAD_KEY));
    const at = now();
    if (Number.isFinite(last) && last > 0 && at - last >= 0 && at - last < STALE_CHUNK_GUARD_MS) return false;
    storage.setItem(STALE_CHUNK_RELOAD_KEY, String(at));
  } catch {
    // Without a place to remember the reload we could loop; show the error instead.
    return false;
  }
  return true;
}

export function reloadPage(): void {
  window.location.reload();
}
