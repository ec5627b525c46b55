import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { firstLoad, firstLoadPages, readManifest, staticClosure } from '../bench/first-load';
import { librariesEntry } from '../src/web/app/prepaint/libraries-entry';

/**
 * The production build (dist/web, built before the end-to-end run) read through its own module graph.
 * The goal for the home page is 120 KB of JavaScript (gzip); the budget is what it needs today
 * (203.4 KB, the libraries' entry of ADR 060 included) with about 2 % of room, so anything that grows
 * the first load fails here. It is lowered as the
 * first load shrinks (docs/decisions/042-what-the-first-load-carries.md says what stands in the way,
 * 069-dialogs-and-toasts-load-when-first-used.md what was removed last).
 */
const distDir = path.resolve(import.meta.dirname, '../dist/web');
const homeJsBudgetBytes = 207_400;

/** The app's own JS files the page requests until it has rendered and the network is idle. */
async function scriptsFetched(page: Page, url: string): Promise<string[]> {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) files.push(pathname.slice(1));
  });
  await page.goto(url);
  // The painted home page is hidden from the accessibility tree: this is the app's, once it has rendered.
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return files;
}

test('the JavaScript the home page needs on its first load stays within the budget', () => {
  const home = firstLoad(distDir, '/');
  const largest = home.js.slice(0, 8).map(({ file, bytes }) => `${file} ${bytes}`);
  expect(home.jsBytes, `largest files: ${largest.join(', ')}`).toBeLessThanOrEqual(homeJsBudgetBytes);
});

test('the module graph names every script the home page fetches before it shows its content', async ({ page }) => {
  const needed = staticClosure(readManifest(distDir), ['index.html', librariesEntry, firstLoadPages['/']]).js;
  const fetched = await scriptsFetched(page, '/');
  await expect(page.getByRole('main')).toBeVisible();
  const missing = needed.filter((file) => !fetched.includes(file));
  expect(missing, `fetched: ${fetched.join(', ')}`).toEqual([]);
});

test('a shopper on the home page fetches no staff layout, dashboard chart, map, payment or chat panel code', async ({ page }) => {
  const manifest = readManifest(distDir);
  const notForTheHomePage = [
    'src/web/app/layouts/dashboard-layout.tsx',
    'src/web/app/routes/dashboards/admin/overview.tsx',
    'src/web/features/orders/components/tile-map.tsx',
    'src/web/features/payments/components/stripe-card-fields.tsx',
    'src/web/app/routes/shop/checkout.tsx',
    'src/web/features/support-chat/components/support-chat-panel.tsx',
  ].map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of its own in the build`);
    return chunk.file;
  });
  const fetched = await scriptsFetched(page, '/');
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((file) => notForTheHomePage.includes(file))).toEqual([]);
});

test("the header's dialogs load on their first opening, and the first press opens them", async ({ page }) => {
  const manifest = readManifest(distDir);
  const dialogs = [
    'src/web/features/cart/components/cart-sheet.tsx',
    'src/web/features/locations/components/warehouse-chooser.tsx',
    'src/web/features/locations/components/location-dialogs.tsx',
    'src/web/features/support-chat/components/chat-sheet.tsx',
  ].map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of its own in the build`);
    return chunk.file;
  });
  const fetched = await scriptsFetched(page, '/');
  expect(fetched.filter((file) => dialogs.includes(file))).toEqual([]);

  const cart = page.getByRole('button', { name: /^Cart(, \d+ items?)?$/ });
  await cart.click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // Focus goes back to the button, as it did when the button was the dialog's own trigger.
  await expect(cart).toBeFocused();
  await page.getByRole('button', { name: /^Change delivery warehouse/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose Your Warehouse' })).toBeVisible();
});

test('the chat panel loads when the launcher is first opened', async ({ page }) => {
  const panel = readManifest(distDir)['src/web/features/support-chat/components/support-chat-panel.tsx']!.file;
  const fetched = await scriptsFetched(page, '/');
  expect(fetched).not.toContain(panel);
  const panelLoaded = page.waitForResponse((response) => response.url().endsWith(panel));
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await panelLoaded;
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the theme menu, loaded on the first press of its button, opens from the keyboard with its choices', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle theme' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(toggle).toBeFocused();
});
