import { expect, test, type Locator, type Page } from '@playwright/test';

// A phone: the deals, the popular products and the kitchens are all under the fold.
test.use({ viewport: { width: 390, height: 844 } });

/** The home page as the app renders it (the painted copy is hidden from the accessibility tree). */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bundles' })).toBeAttached();
}

/** The cards of a row (each bundle card holds a list of its own). */
const cardsOf = (row: Locator) => row.locator(':scope > li');

const dealCount = async (page: Page, row: string) => Number((await page.getByRole('heading', { name: new RegExp(`^${row}`) }).innerText()).match(/\((\d+)\)/)?.[1]);

test('every deal card is in the page soon after it opens, and there to swipe to for a shopper who scrolls', async ({ page }) => {
  await openHome(page);
  const bundles = page.getByRole('list', { name: 'Bundles' });
  const offers = page.getByRole('list', { name: 'Buy more, pay less offers' });
  const bundleCount = await dealCount(page, 'Bundles');
  const offerCount = await dealCount(page, 'Buy more, pay less');
  expect(bundleCount).toBeGreaterThan(4);
  expect(offerCount).toBeGreaterThan(4);
  // Without scrolling: what find in page and a screen reader's reading go through.
  await expect(cardsOf(bundles)).toHaveCount(bundleCount);
  await expect(cardsOf(offers)).toHaveCount(offerCount);
  await expect(page.getByRole('heading', { name: 'Deals', exact: true })).not.toBeInViewport();

  // The last card of a row is there to swipe to.
  await offers.scrollIntoViewIfNeeded();
  const last = cardsOf(offers).last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('button', { name: /^Add offer/ })).toBeVisible();
});

test('the keyboard reaches every deal card without scrolling first', async ({ page }) => {
  await openHome(page);
  const bundles = page.getByRole('list', { name: 'Bundles' });
  const bundleCount = await dealCount(page, 'Bundles');
  await bundles.getByRole('button', { name: /^Add bundle/ }).first().focus();
  // Tab along the row until the focus leaves it, noting each Add button on the way.
  const reached = new Set<string>();
  for (let press = 0; press < bundleCount * 6; press++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return { inRow: Boolean(element?.closest('[aria-label="Bundles"]')), name: element?.getAttribute('aria-label') ?? element?.textContent ?? '' };
    });
    if (!focused.inRow) break;
    if (/^Add bundle/.test(focused.name)) reached.add(focused.name);
    await page.keyboard.press('Tab');
  }
  expect(reached.size).toBe(bundleCount);
});

test('the sections under the fold show their content to a shopper who scrolls down to them', async ({ page }) => {
  await openHome(page);
  const popular = page.getByRole('list', { name: 'Popular products' });
  await popular.scrollIntoViewIfNeeded();
  await expect(popular.getByRole('listitem').first()).toBeVisible();
  await expect(popular.getByRole('button', { name: /^Add/ }).first()).toBeVisible();
  const kitchens = page.getByRole('list', { name: 'Cloud kitchens' });
  await kitchens.scrollIntoViewIfNeeded();
  await expect(kitchens.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all cloud kitchens' })).toBeVisible();
});
