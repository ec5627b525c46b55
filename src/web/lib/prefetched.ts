/**
 * A read the app loader in index.html started before the app's code arrived (ADR 061): on /products the
 * product list, so that its pictures, the page's largest paint, are not asked for only once the app runs.
 * The loader leaves it on `window` under this name (`appLoaderScript` in src/shared/inline-scripts.ts).
 */
export interface PrefetchedRead {
  /** The address asked for, as the loader wrote it. */
  url: string;
  /** When the loader asked (Date.now()). */
  startedAt: number;
  response: Promise<Response>;
  /** The JSON body, once the loader has read it (a successful response only). */
  body?: unknown;
}

declare global {
  interface Window {
    freshcartPrefetch?: PrefetchedRead;
  }
}

/** How long a prefetched list may stand for a read of the app: the server's own max-age for catalog reads. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** The same read: same path and the same query values, in whatever order. */
function sameRead(a: URL, b: URL): boolean {
  const values = (url: URL) => [...url.searchParams].map(([key, value]) => `${key}=${value}`).sort().join('&');
  return a.origin === b.origin && a.pathname === b.pathname && values(a) === values(b);
}

/**
 * The loader's read when it asked for exactly `url`. A read for another address, or one too old, is dropped:
 * it is offered to the app's first read of the page only, so a later read, or one after the warehouse
 * changed, goes to the network and never shows older data.
 */
function matching(url: URL | string): PrefetchedRead | undefined {
  if (typeof window === 'undefined') return undefined;
  const prefetched = window.freshcartPrefetch;
  if (!prefetched) return undefined;
  let asked: URL | undefined;
  try {
    asked = new URL(prefetched.url, window.location.href);
  } catch {
    asked = undefined;
  }
  if (asked && Date.now() - prefetched.startedAt <= PREFETCH_MAX_AGE_MS && sameRead(asked, new URL(url, window.location.href))) return prefetched;
  delete window.freshcartPrefetch;
  return undefined;
}

/** The prefetched response for `url`, taken: whatever it holds, it answers one read. */
export function takePrefetched(url: URL | string): Promise<Response> | undefined {
  const prefetched = matching(url);
  delete window.freshcartPrefetch;
  return prefetched?.response;
}

/**
 * The prefetched body for `url` when the loader has already read it, taken; otherwise undefined, and a
 * prefetch still on its way stays for the read that follows (`prefetchedOr`).
 */
export function takePrefetchedBody<T>(url: URL | string): T | undefined {
  const prefetched = matching(url);
  if (prefetched?.body === undefined) return undefined;
  delete window.freshcartPrefetch;
  return prefetched.body as T;
}

/**
 * The prefetched response for `url` when there is one and it succeeded; otherwise `request()`, the read the
 * app would have made anyway, so its errors and retries are the usual ones.
 */
export async function prefetchedOr<R>(url: URL | string, request: () => Promise<R>): Promise<R> {
  const prefetched = takePrefetched(url);
  const response = prefetched ? await prefetched.catch(() => undefined) : undefined;
  // A typed-client response is a fetch Response; only its type is narrower.
  return response?.ok && !response.bodyUsed ? (response as unknown as R) : request();
}
