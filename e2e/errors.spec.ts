import { expect, test, type Page } from '@playwright/test';

// The Help Center page's chunk, as the build names it.
const helpCenterChunk = /\/assets\/help-center-[^/]*\.js(\?.*)?$/;

/** Counts full loads of the app document (the first visit and every reload). */
function countDocumentLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

test('a lazy page whose chunk is gone after a deploy reloads the app once, which then works', async ({ page }) => {
  const loads = countDocumentLoads(page);
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // The tab still knows the old chunk name, which the server no longer has: the first request 404s.
  let refused = 0;
  await page.route(helpCenterChunk, async (route) => {
    if (refused === 0) {
      refused += 1;
      await route.fulfill({ status: 404, body: 'Not found' });
    } else {
      await route.continue();
    }
  });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page).toHaveURL('/help-center');
  expect(refused).toBe(1);
  expect(loads.count).toBe(2);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('a chunk that still fails right after the reload shows the friendly page, without reloading again', async ({ page }) => {
  const loads = countDocumentLoads(page);
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.route(helpCenterChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));

  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('FreshCart has just been updated and this page could not load.')).toBeVisible();
  expect(loads.count).toBe(2);
  // The header stays, and so does a way home.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('the cart opened offline before its code came opens once the connection is back, without the error page', async ({ page, context }) => {
  await page.goto('/products');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  // The panel's code never came: the connection dropped before the shopper reached for it.
  const cartSheetChunk = /\/assets\/cart-sheet-[^/]*\.js(\?.*)?$/;
  await page.route(cartSheetChunk, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Cart/ }).click();

  await expect(page.getByRole('dialog', { name: 'Cart' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

  await page.unroute(cartSheetChunk);
  await context.setOffline(false);
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
