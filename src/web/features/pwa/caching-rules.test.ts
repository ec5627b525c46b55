import { describe, expect, it } from 'vitest';
import { handlerFor, navigateFallbackDenylist } from './caching-rules';

const at = (path: string) => `http://localhost:3000${path}`;

describe('the service worker caching rules', () => {
  it.each([
    '/api/products',
    '/api/products?warehouseId=w1&q=banana&page=2&pageSize=24',
    '/api/products/3f0c2a4e-1d2b-4c1e-9a55-0d5b0e7f1a10?warehouseId=w1',
    '/api/categories',
    '/api/categories?warehouseId=w1',
    '/api/deals?warehouseId=w1',
  ])('reads the catalog %s from the network first, the saved copy offline', (path) => {
    expect(handlerFor(at(path))).toBe('NetworkFirst');
  });

  it('keeps pictures in the cache, refreshed in the background', () => {
    expect(handlerFor(at('/api/media/products/SKU-001.svg'))).toBe('StaleWhileRevalidate');
  });

  it.each([
    '/api/cart',
    '/api/cart/items',
    '/api/checkout/quote',
    '/api/orders',
    '/api/orders?cursor=abc',
    '/api/orders/123',
    '/api/auth/get-session',
    '/api/profile',
    '/api/addresses',
    '/api/returns',
    '/api/admin/products',
    '/api/admin/products/123',
    '/api/admin/categories',
    '/api/kitchen/orders',
    '/api/manager/products',
    '/api/inventory',
    '/api/products-export',
    '/api/productsx',
    '/api/health',
  ])('never serves %s from the cache', (path) => {
    expect(handlerFor(at(path))).toBe('NetworkOnly');
  });

  it.each(['/api/tracking/orders/123/stream', '/api/staff/orders/stream', '/api/support-chat/stream?since=4'])(
    'leaves the live stream %s to the browser',
    (path) => {
      expect(handlerFor(at(path))).toBe('untouched');
    },
  );

  it('leaves the app shell and built assets to the precache', () => {
    expect(handlerFor(at('/'))).toBe('untouched');
    expect(handlerFor(at('/assets/index-abc123.js'))).toBe('untouched');
    expect(handlerFor(at('/products?q=apple'))).toBe('untouched');
  });

  it('does not answer API or documentation navigations with the app page', () => {
    const denied = (path: string) => navigateFallbackDenylist.some((pattern) => pattern.test(path));
    expect(denied('/api/docs')).toBe(true);
    expect(denied('/api/openapi.json')).toBe(true);
    expect(denied('/orders')).toBe(false);
    expect(denied('/apiary')).toBe(false);
  });
});
