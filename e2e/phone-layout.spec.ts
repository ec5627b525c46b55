import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkoutCopy, copy, dashboardNav } from '../src/shared/copy';
import { catalogAdminCopy, catalogEditorCopy, managerCopy, staffCopy } from '../src/shared/staff-copy';
import { addresses, createCustomer, demoEmail, demoPassword } from './fixtures';

// A small phone: what a shopper trips over first shows at this size.
test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectClear(a: Locator, b: Locator, what: string) {
  const [first, second] = [await boxOf(a), await boxOf(b)];
  expect(overlaps(first, second), `${what}: ${JSON.stringify(first)} against ${JSON.stringify(second)}`).toBe(false);
}

const chatButton = (page: Page) => page.getByRole('button', { name: copy.header.openSupportChat });
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart(, \d+ items?)?$/ });

/** Scrolls down, as a reader does, until `target` sits just above the bottom edge: where the chat button floats. */
async function scrollDownToBottomEdge(page: Page, target: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const { y, height } = await boxOf(target);
  const viewport = page.viewportSize()!;
  const distance = y + height - (viewport.height - 24);
  // In steps, like a finger: the page sees a scroll down, not a jump.
  for (let step = 1; step <= 4; step += 1) {
    await page.mouse.wheel(0, distance / 4);
    await page.waitForTimeout(60);
  }
  await expect.poll(async () => (await boxOf(target)).y + (await boxOf(target)).height).toBeGreaterThan(viewport.height - 120);
  // The button's move out of the way takes a moment.
  await page.waitForTimeout(350);
}

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(350);
}

test.beforeEach(async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
});

test("on the home page the chat button never sits on a 'View all' link or on the footer's links", async ({ page }) => {
  await page.goto('/');
  const viewAll = page.getByRole('link', { name: /^View all/ });
  await expect(viewAll.first()).toBeVisible();
  for (const link of await viewAll.all()) {
    await scrollDownToBottomEdge(page, link);
    await expectClear(chatButton(page), link, `chat button and ${await link.getAttribute('aria-label')}`);
  }
  // Scrolling back up brings the button back.
  await page.mouse.wheel(0, -300);
  await expect(chatButton(page)).toBeInViewport();

  await scrollToEnd(page);
  await expect(chatButton(page)).toBeInViewport();
  const footerLinks = page.getByRole('contentinfo').getByRole('link');
  expect(await footerLinks.count()).toBeGreaterThan(4);
  for (const link of await footerLinks.all()) await expectClear(chatButton(page), link, `chat button and footer link ${await link.textContent()}`);
});

test('at rest the chat button sits in an opaque band across the foot of the screen, so nothing the reader can see is under it', async ({ page }) => {
  for (const path of ['/', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(chatButton(page)).toBeInViewport();
    const covered = await chatButton(page).evaluate((button) => {
      const band = button.parentElement!;
      const [inner, outer] = [button.getBoundingClientRect(), band.getBoundingClientRect()];
      const opaque = getComputedStyle(band).backgroundColor.match(/[\d.]+/g)!.map(Number);
      return {
        insideBand: inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom,
        fullWidth: outer.left === 0 && outer.right === window.innerWidth,
        atTheFoot: Math.round(outer.bottom) === window.innerHeight,
        opaque: opaque.length === 3 || opaque[3] === 1,
      };
    });
    expect(covered, path).toEqual({ insideBand: true, fullWidth: true, atTheFoot: true, opaque: true });
  }
});

test("on the product list the filters fold away, the first products show, and no Add in the right column is covered", async ({ page }) => {
  await page.goto('/products');
  const filtersCard = page.getByRole('search').locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
  await expect(page.getByRole('button', { name: /^Add .+ to cart$/ }).first()).toBeInViewport();
  expect((await boxOf(filtersCard)).height).toBeLessThan(170);

  // The filters are one tap away, each label whole at this width.
  const category = page.getByRole('combobox', { name: 'Category', exact: true });
  await expect(category).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(category).toBeVisible();
  for (const name of ['Category', 'Subcategory', 'Sort by']) {
    const select = page.getByRole('combobox', { name, exact: true });
    const fits = await select.evaluate((element: HTMLSelectElement) => {
      const text = element.options[element.selectedIndex]?.text ?? '';
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(element).font;
      probe.style.position = 'absolute';
      probe.textContent = text;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      // The text, the padding and the arrow fit in the field.
      return width + 48 <= element.clientWidth;
    });
    expect(fits, `${name} shows its value whole`).toBe(true);
  }
  await category.selectOption({ label: 'Fruits & Vegetables' });
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  // The previous results stay on screen, dimmed and busy, until the category's own arrive.
  await expect(page.locator('section[aria-labelledby="product-results"] [aria-busy="true"]')).toHaveCount(0);

  // The right column's last Add on the page, reached by scrolling down.
  const addButtons = page.getByRole('button', { name: /^Add .+ to cart$/ });
  await expect(addButtons.first()).toBeVisible();
  const boxes = await Promise.all((await addButtons.all()).map(async (button) => ({ button, box: await boxOf(button) })));
  const rightmost = Math.max(...boxes.map(({ box }) => box.x));
  const lastRight = boxes.filter(({ box }) => box.x === rightmost).at(-1)!.button;
  await scrollDownToBottomEdge(page, lastRight);
  await expectClear(chatButton(page), lastRight, "chat button and the right column's last Add");

  await scrollToEnd(page);
  await expect(chatButton(page)).toBeInViewport();
  for (const button of await addButtons.all()) {
    if (await button.isVisible()) await expectClear(chatButton(page), button, 'chat button and an Add at the end of the page');
  }
});

test("a toast stays off the cart panel's title and close button and off the header's cart badge", async ({ page }) => {
  await page.goto('/products?q=Bananas');
  await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: copy.cart.added });
  await expect(toast).toBeVisible();
  await expectClear(toast, cartButton(page), 'toast and the header cart button');

  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel).toBeVisible();
  await expect(toast).toBeVisible();
  await expectClear(toast, panel.getByRole('heading', { name: 'Cart' }), 'toast and the cart title');
  await expectClear(toast, panel.getByRole('button', { name: 'Close' }), 'toast and the cart close button');
});

test("the kitchen picture shows whole, the name at its foot included", async ({ page }) => {
  await page.goto('/cloud-kitchens');
  await page.getByRole('list', { name: 'Cloud kitchens' }).getByRole('link').first().click();
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeVisible();
  const picture = name.locator('xpath=ancestor::section[1]//img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const drawn = await picture.evaluate((image: HTMLImageElement) => {
    const { width, height } = image.getBoundingClientRect();
    const fit = getComputedStyle(image).objectFit;
    const scaleX = width / image.naturalWidth;
    const scaleY = height / image.naturalHeight;
    const scale = fit === 'cover' ? Math.max(scaleX, scaleY) : fit === 'contain' ? Math.min(scaleX, scaleY) : NaN;
    return { width, height, drawnWidth: image.naturalWidth * scale, drawnHeight: image.naturalHeight * scale };
  });
  expect(drawn.drawnHeight).toBeLessThanOrEqual(drawn.height + 0.5);
  expect(drawn.drawnWidth).toBeLessThanOrEqual(drawn.width + 0.5);
});

/** The delivery choices on screen (below the sticky header) that something else covers at one of their points. */
async function coveredDeliveryChoices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const covered: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[name=delivery]')) {
      const card = input.closest('label')!;
      const box = card.getBoundingClientRect();
      if (box.top < headerBottom || box.bottom > window.innerHeight) continue;
      const points = [0.1, 0.5, 0.9].flatMap((fx) => [0.15, 0.5, 0.85].map((fy) => [box.left + box.width * fx, box.top + box.height * fy]));
      if (points.some(([x, y]) => !card.contains(document.elementFromPoint(x!, y!)))) covered.push(card.textContent ?? '');
    }
    return covered;
  });
}

test('at the checkout nothing floats over a delivery window while the customer scrolls down and back up', async ({ page }) => {
  await page.goto('/products?q=Bananas');
  await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await page.goto('/checkout');
  const windows = page.locator('input[name=delivery]');
  await expect(windows.nth(3)).toBeVisible();
  const seen = new Set<string>();
  const check = async () => {
    const covered = await coveredDeliveryChoices(page);
    expect(covered, 'delivery choices under something floating').toEqual([]);
  };
  await scrollDownToBottomEdge(page, windows.last());
  await check();
  // Back up a finger's flick at a time, as a customer looking for a window does.
  for (let step = 0; step < 30 && (await page.evaluate(() => window.scrollY)) > 0; step += 1) {
    await page.mouse.wheel(0, -90);
    await page.waitForTimeout(250);
    seen.add(String(await page.evaluate(() => window.scrollY)));
    await check();
  }
  expect(seen.size, 'the page scrolled back up in steps').toBeGreaterThan(5);
});

test("at the checkout each line shows its quantity and its out-of-stock choice whole, however long the line's detail", async ({ page }) => {
  // The home page first shows the deals it can before the warehouse is chosen, then the chosen warehouse's:
  // the bundle is added from those.
  const chosenDeals = page.waitForResponse((response) => response.url().includes('/api/deals?warehouseId='));
  await page.goto('/');
  await chosenDeals;
  await page.getByRole('article', { name: 'Backyard Burger Cookout' }).getByRole('button', { name: 'Add bundle' }).click();
  await expect(page.getByText(copy.cart.bundleAdded)).toBeVisible();
  await page.goto('/products?q=Bananas');
  await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await page.goto('/checkout');
  const line = page.getByRole('listitem', { name: 'Backyard Burger Cookout' });
  const quantity = line.getByText(checkoutCopy.quantity(1));
  await expect(quantity).toBeVisible();
  expect(await quantity.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the quantity is not cut short').toBe(true);

  // The longest choice, a product's default.
  const choice = page.getByRole('listitem', { name: 'Bananas' }).getByRole('combobox', { name: new RegExp(checkoutCopy.substitution) });
  await expect(choice).toHaveValue('replace');
  // The chosen preference's text, in the select's own font, fits between its paddings.
  const fits = await choice.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text = context.measureText(select.selectedOptions[0]!.text).width;
    return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= select.clientWidth;
  });
  expect(fits, `"${checkoutCopy.substitutions.replace}" shows whole`).toBe(true);
  // Nothing of the line runs past the list's edge.
  const list = await boxOf(page.getByRole('list', { name: checkoutCopy.items }));
  for (const part of [choice, line.locator('s')]) {
    const box = await boxOf(part);
    expect(box.x + box.width, 'the line ends inside the list').toBeLessThanOrEqual(list.x + list.width + 0.5);
  }
});

test("a staff page opened straight from its address shows its own section in the navigation row", async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: demoEmail.admin, password: demoPassword }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  await page.goto('/admin/audit');
  const nav = page.getByRole('navigation', { name: staffCopy.navigation });
  const current = nav.getByRole('link', { name: dashboardNav.admin.audit });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toBeInViewport({ ratio: 1 });

  // The catalog's own tabs, a row of their own, show theirs too.
  await page.goto('/admin/catalog/discounts');
  const tab = page.getByRole('navigation', { name: catalogEditorCopy.tabs.label }).getByRole('link', { name: catalogEditorCopy.tabs.discounts });
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tab).toBeInViewport({ ratio: 1 });
});

test("the manager's inventory shows each shelf as a short card: its fields on one line, Save beside the name, the pages kept", async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: demoEmail.manager, password: demoPassword }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  await page.goto('/manager/inventory');
  const table = page.getByRole('table', { name: managerCopy.inventory.title });
  const rows = table.locator('tbody tr');
  // The demo seed's first page: a full page of shelves.
  await expect(rows).toHaveCount(25);
  const width = page.viewportSize()!.width;
  for (const row of (await rows.all()).slice(0, 5)) {
    const saveButton = row.getByRole('button', { name: /^Save / });
    const name = (await saveButton.getAttribute('aria-label'))!.slice('Save '.length);
    const fields = [
      row.getByRole('textbox', { name: managerCopy.inventory.priceFor(name) }),
      row.getByRole('textbox', { name: managerCopy.inventory.stockFor(name) }),
      row.getByRole('textbox', { name: managerCopy.inventory.thresholdFor(name) }),
      row.getByRole('checkbox', { name: managerCopy.inventory.activeFor(name) }),
    ];
    const boxes = await Promise.all(fields.map(boxOf));
    const middle = (box: Box) => box.y + box.height / 2;
    for (const box of boxes) {
      expect(Math.abs(middle(box) - middle(boxes[0]!)), `${name}: the fields share one line`).toBeLessThan(2);
      expect(box.x + box.width, `${name}: the field ends inside the window`).toBeLessThanOrEqual(width);
    }
    const save = await boxOf(saveButton);
    expect(save.y + save.height, `${name}: Save sits above the fields, beside the name`).toBeLessThanOrEqual(boxes[0]!.y);
    expect(save.x + save.width).toBeLessThanOrEqual(width);
  }
  const heights = await rows.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height));
  const average = heights.reduce((sum, height) => sum + height, 0) / heights.length;
  expect(average, 'a shelf takes about a sixth of the screen').toBeLessThan(160);
  await expect(page.getByRole('navigation', { name: copy.ui.pagination }).getByRole('button', { name: copy.ui.nextPage })).toBeEnabled();
});

test("the admin's offer and discount dialogs show each quantity and date field whole", async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: demoEmail.admin, password: demoPassword }, headers: { origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  const width = page.viewportSize()!.width;
  const screens = [
    { path: '/admin/catalog/offers', open: catalogEditorCopy.offersPage.new, title: catalogEditorCopy.offersPage.createTitle, fields: [catalogEditorCopy.offersPage.buy, catalogEditorCopy.offersPage.getFree, catalogAdminCopy.offers.startsAt, catalogAdminCopy.offers.endsAt] },
    { path: '/admin/catalog/discounts', open: catalogEditorCopy.discountsPage.new, title: catalogEditorCopy.discountsPage.createTitle, fields: [catalogEditorCopy.discountsPage.minQuantity, catalogEditorCopy.discountsPage.percentage, catalogEditorCopy.discountsPage.validFrom, catalogEditorCopy.discountsPage.validUntil] },
  ];
  for (const { path, open, title, fields } of screens) {
    await page.goto(path);
    await page.getByRole('button', { name: open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const frame = await boxOf(dialog);
    for (const name of fields) {
      const field = dialog.getByLabel(name, { exact: true });
      const box = await boxOf(field);
      expect(box.x, `${title}: ${name} starts inside the dialog`).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width, `${title}: ${name} ends inside the dialog`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(box.x + box.width, `${title}: ${name} ends inside the window`).toBeLessThanOrEqual(width);
      // A date field's day, month and year and its calendar button fit in the field: none is cut off.
      expect(await field.evaluate((input) => input.scrollWidth <= input.clientWidth), `${title}: ${name} shows its value whole`).toBe(true);
    }
  }
});
