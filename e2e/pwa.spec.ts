import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copy, orderCopy, pwaCopy } from '../src/shared/copy';
import { loginAs } from './fixtures';

/** Waits until the service worker is active and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

test.use({ serviceWorkers: 'allow' });

test.describe('the installable app', () => {
  test('links a valid manifest with the usual icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon-180.png');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#007f35');

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'FreshCart',
      short_name: 'FreshCart',
      start_url: '/',
      display: 'standalone',
      theme_color: '#007f35',
      background_color: '#ffffff',
    });
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const src of [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon-180.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toMatch(/^image\/(png|svg\+xml)/);
    }

    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('opens offline with the banner, shows saved catalog results and refuses stale orders', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    // Online: a product list, read through the worker, which keeps a copy.
    await page.goto('/products?q=milk');
    const firstProduct = page.getByRole('list', { name: 'Products' }).getByRole('heading').first();
    await expect(firstProduct).toBeVisible();
    const productName = await firstProduct.textContent();
    await expect(page.getByText(pwaCopy.savedResults)).toHaveCount(0);
    expect(await page.evaluate(async () => (await (await caches.open('catalog-api')).keys()).map((request) => new URL(request.url).pathname))).toContain(
      '/api/products',
    );

    await context.setOffline(true);

    // The app shell comes from the precache instead of the browser's error page.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: copy.app.offline })).toBeVisible();
    await expect(page.getByRole('link', { name: `${copy.app.name} home` }).first()).toBeVisible();

    // The same list, from the saved copy, saying so.
    const fromWorker: boolean[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/products') fromWorker.push(response.fromServiceWorker());
    });
    await page.goto('/products?q=milk');
    await expect(page.getByText(pwaCopy.savedResults)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { name: productName!, exact: true })).toBeVisible();
    expect(fromWorker).toContain(true);

    // Orders are never served from saved data.
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: pwaCopy.needsConnection.title })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: copy.app.offline })).toBeVisible();
    // And no API path but the catalog has a saved answer: the worker goes to the network, which is down.
    const orders = await page.evaluate(() =>
      fetch('/api/orders').then(
        (response) => `status ${response.status}`,
        () => 'failed',
      ),
    );
    expect(orders).toBe('failed');

    await context.setOffline(false);
  });

  test("a signed-in customer's orders are not shown offline, and come back with the connection", async ({ page, context }) => {
    await loginAs(page, 'customer');
    await waitForServiceWorker(page);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: orderCopy.list.title })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: pwaCopy.needsConnection.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /^FC-/ })).toHaveCount(0);
    // The header still shows who is signed in on this device, not a Sign In button.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: copy.header.signIn })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: pwaCopy.needsConnection.title })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: orderCopy.list.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('a new version announces itself, and Reload switches to it', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
    expect(firstWorker).toMatch(/\/sw\.js$/);

    // A deploy: the served worker script changes (the build serves sw.js with no-cache).
    const workerFile = path.resolve('dist/web/sw.js');
    const deployed = readFileSync(workerFile, 'utf8');
    try {
      writeFileSync(workerFile, `${deployed}\n// next release\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: pwaCopy.updateAvailable });
      await expect(toast).toBeVisible();

      await page.evaluate(() => Object.assign(window, { beforeReload: true }));
      await toast.getByRole('button', { name: pwaCopy.reload }).click();
      // The page reloads itself once the new worker has taken over.
      await page.waitForFunction(() => !('beforeReload' in window) && document.readyState === 'complete');
      await expect(page.getByRole('link', { name: `${copy.app.name} home` }).first()).toBeVisible();
      await expect(page.getByText(pwaCopy.updateAvailable)).toHaveCount(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    } finally {
      writeFileSync(workerFile, deployed);
    }
  });
});
