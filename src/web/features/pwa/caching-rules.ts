/**
 * What the service worker does with each request (ADR 036). The build (vite.config.ts) hands these
 * rules to Workbox as they are, so this file is the one place they are written, and it imports
 * nothing: Workbox copies the patterns into the worker.
 *
 * - The app shell and static assets: precached at install (Workbox's precache manifest), and every
 *   page navigation answered with the cached index.html, so the app opens offline.
 * - Catalog reads (products, one product, categories, deals): network first, the saved copy after a
 *   short wait or when offline. The page then says it shows saved results.
 * - Product and kitchen pictures: from the cache, refreshed in the background.
 * - Every other /api path (cart, checkout, orders, auth, profile, dashboards): network only, never a
 *   saved copy. Live streams are left to the browser entirely: the worker does not touch them.
 */
import type { RuntimeCaching } from 'workbox-build';

/** Catalog reads that may be answered from the cache while offline. */
export const catalogReadPattern = /^https?:\/\/[^/?#]+\/api\/(?:products(?:\/[^/?#]+)?|categories|deals)(?:[?#]|$)/;
/** Pictures drawn or stored by the server. */
export const mediaPattern = /^https?:\/\/[^/?#]+\/api\/media\//;
/** Every other API path, except live streams (a path ending in /stream). */
export const networkOnlyPattern = /^https?:\/\/[^/?#]+\/api\/(?![^?#]*\/stream(?:[?#]|$))/;

export const catalogCacheName = 'catalog-api';
export const mediaCacheName = 'catalog-media';
/** How long a catalog read waits for the network before the saved copy answers. */
export const catalogNetworkTimeoutSeconds = 3;

/** Navigations the app's index.html must not answer: the API and its documentation. */
export const navigateFallbackDenylist = [/^\/api(?:\/|$)/];

export type CachingHandler = 'NetworkFirst' | 'StaleWhileRevalidate' | 'NetworkOnly';

interface CachingRule extends RuntimeCaching {
  urlPattern: RegExp;
  handler: CachingHandler;
}

/** Workbox's runtime caching, in order: the first pattern that matches a request decides. */
export const runtimeCaching: CachingRule[] = [
  {
    urlPattern: catalogReadPattern,
    handler: 'NetworkFirst',
    method: 'GET',
    options: {
      cacheName: catalogCacheName,
      networkTimeoutSeconds: catalogNetworkTimeoutSeconds,
      expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    urlPattern: mediaPattern,
    handler: 'StaleWhileRevalidate',
    method: 'GET',
    options: {
      cacheName: mediaCacheName,
      expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
  { urlPattern: networkOnlyPattern, handler: 'NetworkOnly', method: 'GET' },
];

/**
 * What the worker does with a GET of this URL: the handler of the first rule that matches, or
 * 'untouched' when no rule does (the browser fetches it as if there were no worker).
 */
export function handlerFor(url: string): CachingHandler | 'untouched' {
  return runtimeCaching.find((rule) => rule.urlPattern.test(url))?.handler ?? 'untouched';
}
