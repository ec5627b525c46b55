import { expect, test, type Page } from '@playwright/test';
import { copy } from '../src/shared/copy';
import { addresses, createCustomer, orderBananas } from './fixtures';

// A laptop: the window is no wider than the page's centred column, so nothing frames it.
test.use({ viewport: { width: 1280, height: 720 } });

const chatButton = (page: Page) => page.getByRole('button', { name: copy.header.openSupportChat });

/** What the floating chat button sits on in the page's main content (or `region`): text, pictures, controls, table cells. */
async function coveredByChatButton(page: Page, region = 'main'): Promise<string[]> {
  await expect(chatButton(page)).toBeInViewport();
  return page.evaluate(([label, region]) => {
    const button = document.querySelector(`[aria-label="${label}"]`)!.getBoundingClientRect();
    const covered: string[] = [];
    /** The part of the element on screen: a scroll row shows only what is inside its own box. */
    function visibleBox(element: Element) {
      const box = element.getBoundingClientRect();
      let { left, top, right, bottom } = box;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    }
    for (const element of document.querySelectorAll(`${region} *`)) {
      const box = visibleBox(element);
      if (box.width <= 0 || box.height <= 0) continue;
      const content =
        element.matches('img, svg, button, a, input, select, textarea, th, td') ||
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const overlaps = box.left < button.right && button.left < box.right && box.top < button.bottom && button.top < box.bottom;
      if (content && overlaps) covered.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return covered;
  }, [copy.header.openSupportChat, region] as const);
}

/** At rest, then at every screenful on the way down and back up: the button shows again whenever the reader scrolls up. */
async function expectNothingCovered(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await coveredByChatButton(page), 'at the top of the page').toEqual([]);
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 200; y < height; y += 300) {
    await page.mouse.wheel(0, 300);
    await page.mouse.wheel(0, -100);
    // The button's return takes a moment.
    await page.waitForTimeout(350);
    expect(await coveredByChatButton(page), `scrolled to ${await page.evaluate(() => window.scrollY)}`).toEqual([]);
  }
}

test.beforeEach(async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
});

test("on a product with quantity discounts the chat button stays off the table's prices", async ({ page }) => {
  const found = await page.request.get(`/api/products?q=${encodeURIComponent('Boneless Skinless Chicken Breast')}`);
  const [product] = ((await found.json()) as { items: { id: string }[] }).items;
  await page.goto(`/product/${product!.id}`);
  const table = page.getByRole('table', { name: /Volume discounts/ });
  await expect(table.getByRole('columnheader', { name: 'Price each' })).toBeVisible();
  // The button comes with the app's shell, which may finish after the page's own content.
  await expect(chatButton(page)).toBeVisible();
  // Measured once both are laid out: the page may still render again as its other reads arrive.
  await expect(async () => {
    const [tableBox, buttonBox] = [await table.boundingBox(), await chatButton(page).boundingBox()];
    expect(tableBox).not.toBeNull();
    expect(buttonBox).not.toBeNull();
    // At rest the table reaches the bottom of the window, where the button floats.
    expect(tableBox!.y + tableBox!.height).toBeGreaterThan(buttonBox!.y);
    expect(tableBox!.x + tableBox!.width, 'the table ends left of the button').toBeLessThanOrEqual(buttonBox!.x);
  }).toPass();
  await expectNothingCovered(page);
});

test('on an order, the product list and the home page the chat button covers nothing', async ({ page, baseURL }) => {
  const orderId = await orderBananas(page, baseURL!);
  const pages: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
    [`/orders/${orderId}`, (page) => page.getByRole('heading', { name: 'Items' })],
    ['/products', (page) => page.getByRole('button', { name: /^Add .+ to cart$/ }).first()],
    ['/', (page) => page.getByRole('link', { name: /^View all/ }).first()],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await expect(loaded(page)).toBeVisible();
    await test.step(path, () => expectNothingCovered(page));
  }
});

test("on a page short enough to show the footer at rest, the chat button covers nothing of the footer", async ({ page }) => {
  await page.goto('/cloud-kitchens');
  await expect(page.getByRole('list', { name: 'Cloud kitchens' }).getByRole('link').first()).toBeVisible();
  // At rest the footer's columns reach the bottom of the window, where the button floats.
  await expect(page.getByRole('list', { name: copy.footer.promisesLabel })).toBeInViewport();
  expect(await coveredByChatButton(page, 'footer'), 'at rest').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(350);
  expect(await coveredByChatButton(page, 'footer'), 'at the end of the page').toEqual([]);
});
