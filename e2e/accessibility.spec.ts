import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { a11yCopy, chatLauncherCopy, chatPanelCopy, checkoutCopy, copy } from '../src/shared/copy';
import { roleHome, type Role } from '../src/shared/roles';
import { managerCopy } from '../src/shared/staff-copy';
import { addresses, createCustomer, loginAs, orderBananas } from './fixtures';

/**
 * Fails with every serious or critical WCAG 2.1 A/AA violation of the page as it is now, naming the nodes,
 * and with buttons of `scope` (the main content, or an open panel that hides it) sharing a name.
 */
async function expectNoSeriousViolations(page: Page, where: string, scope: Locator = page.getByRole('main')) {
  // As the page stands once its transitions end: a toast still fading in blends its colours into what is behind it.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
  );
  expect(report, `axe on ${where}`).toEqual([]);
  await expectDistinctButtonNames(scope, where);
}

/** Buttons a list repeats are told apart by their names: no two buttons of `scope` share one. */
async function expectDistinctButtonNames(scope: Locator, where: string) {
  const snapshot = await scope.ariaSnapshot();
  const names = [...snapshot.matchAll(/- button "((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]);
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  expect(repeated, `buttons sharing a name on ${where}`).toEqual([]);
}

/** The page's main heading is shown and no skeleton is still waiting for data. */
async function settled(page: Page, heading?: string | RegExp) {
  const main = page.getByRole('main');
  await expect(heading ? main.getByRole('heading', { level: 1, name: heading }) : main.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[data-slot=skeleton]')).toHaveCount(0);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the shopper pages and the open cart have no serious axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await settled(page);
      await expectNoSeriousViolations(page, 'home');

      await page.goto('/products');
      await settled(page);
      await expectNoSeriousViolations(page, '/products');

      await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
      await page.waitForURL(/\/product\//);
      await settled(page);
      await expectNoSeriousViolations(page, 'a product page');

      await page.goto('/cloud-kitchens');
      await settled(page);
      await expect(page.getByRole('list', { name: 'Cloud kitchens' }).getByRole('listitem').first()).toBeVisible();
      await expectNoSeriousViolations(page, '/cloud-kitchens');

      await page.goto('/products?q=Bananas');
      await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
      await expect(page.getByRole('button', { name: copy.cart.buttonLabel(1) })).toBeVisible();
      await page.getByRole('button', { name: copy.cart.buttonLabel(1) }).click();
      const cart = page.getByRole('dialog', { name: copy.header.cart });
      await expect(cart.getByRole('button', { name: 'Remove Bananas' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the open cart panel', cart);
    });

    test("a customer's checkout, orders, order, tracking, account and chat have no serious axe violations", async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      await createCustomer(page.request, baseURL!, [addresses.georgetown]);
      const orderId = await orderBananas(page, baseURL!);

      await page.goto('/products?q=Bananas');
      await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
      await expect(page.getByRole('button', { name: copy.cart.buttonLabel(1) })).toBeVisible();
      await page.goto('/checkout');
      await settled(page);
      await expect(page.getByRole('button', { name: checkoutCopy.placeOrder })).toBeEnabled();
      await expectNoSeriousViolations(page, '/checkout');

      await page.goto('/orders');
      await settled(page);
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      await expectNoSeriousViolations(page, '/orders');

      await page.goto(`/orders/${orderId}`);
      await settled(page);
      await expectNoSeriousViolations(page, 'an order detail');

      await page.goto('/track-order');
      await settled(page);
      await expectNoSeriousViolations(page, 'the tracking page');

      await page.goto('/account');
      await settled(page);
      await expectNoSeriousViolations(page, '/account');

      await page.getByRole('button', { name: copy.header.accountMenu }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: copy.header.signOut })).toBeVisible();
      await expectNoSeriousViolations(page, 'the open account menu', menu);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: copy.header.openSupportChat }).click();
      const chat = page.getByRole('dialog', { name: chatLauncherCopy.title });
      await expect(chat.getByRole('textbox', { name: chatPanelCopy.messageLabel })).toBeVisible();
      await expectNoSeriousViolations(page, 'the open support chat', chat);
    });

    for (const role of ['admin', 'manager', 'driver', 'cloud_kitchen', 'support'] as const satisfies Role[]) {
      test(`the ${role} dashboard home has no serious axe violations`, async ({ page }) => {
        await loginAs(page, role);
        await page.goto(roleHome[role]);
        await settled(page);
        await expectNoSeriousViolations(page, `the ${role} dashboard`);
      });
    }
  });
}

test.describe('keyboard', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a control focused from the keyboard has a solid outline of 3:1 or more against the page, in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      await settled(page);
      // A green button on the pale green panel, an outlined one beside it and a link of the header.
      const controls = [
        page.getByRole('main').getByRole('link', { name: 'Shop Groceries', exact: true }),
        page.getByRole('main').getByRole('link', { name: 'Cloud Kitchens', exact: true }),
        page.getByRole('banner').getByRole('link', { name: copy.header.products }),
      ];
      await page.keyboard.press('Tab');
      for (const control of controls) {
        await control.focus();
        // Once the colour's transition has run.
        await page.waitForTimeout(300);
        const outline = await control.evaluate((element) => {
          const style = getComputedStyle(element);
          const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
          const luminance = (color: string) => {
            canvas.clearRect(0, 0, 1, 1);
            canvas.fillStyle = color;
            canvas.fillRect(0, 0, 1, 1);
            const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((value) => {
              const channel = value / 255;
              return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
          };
          const outline = luminance(style.outlineColor);
          const background = luminance(getComputedStyle(document.body).backgroundColor);
          const contrast = (Math.max(outline, background) + 0.05) / (Math.min(outline, background) + 0.05);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast };
        });
        expect(outline.style, String(control)).toBe('solid');
        expect(outline.width, String(control)).toBeGreaterThanOrEqual(2);
        expect(outline.contrast, String(control)).toBeGreaterThanOrEqual(3);
      }
    });
  }

  test('one Tab and Enter on the skip link move focus to the main content', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: a11yCopy.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The content starts below the sticky header, not under it.
    const header = await page.getByRole('banner').boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(main!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  });

  test('the first Add on home is a few Tab presses past the skip link', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const firstAdd = page.getByRole('main').getByRole('button', { name: /^Add / }).first();
    await expect(firstAdd).toBeVisible();
    let presses = 0;
    while (presses < 6 && !(await firstAdd.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    await expect(firstAdd).toBeFocused();
  });

  test('a dashboard starts with the skip link too', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto(roleHome.manager);
    await settled(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: a11yCopy.skipToContent })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test("a route change puts focus on the new page's main content, from a link of the page and from the cart's Checkout", async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!, [addresses.georgetown]);
    await page.goto('/products?q=Bananas');
    const product = page.getByRole('main').getByRole('link', { name: 'Bananas', exact: true });
    await product.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\//);
    await expect(page.getByRole('main')).toBeFocused();
    await settled(page, 'Bananas');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);

    await page.getByRole('main').getByRole('button', { name: /^Add / }).first().click();
    await page.getByRole('button', { name: copy.cart.buttonLabel(1) }).focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: copy.header.cart });
    await cart.getByRole('button', { name: copy.cart.checkout }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout$/);
    await expect(cart).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
  });

  test("confirming an order in the warehouse queue from the keyboard leaves focus on the order's next step", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await createCustomer(page.request, baseURL!, [addresses.georgetown]);
    const orderId = await orderBananas(page, baseURL!);
    await page.goto(`/orders/${orderId}`);
    const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

    const managerContext = await browser.newContext({ baseURL });
    const manager = await managerContext.newPage();
    await loginAs(manager, 'manager');
    await manager.goto(roleHome.manager);
    await settled(manager, managerCopy.queue.title);
    await manager.getByRole('button', { name: `${managerCopy.queue.actions.confirmed} ${orderNumber}` }).focus();
    await manager.keyboard.press('Enter');
    await expect(manager.getByRole('button', { name: `${managerCopy.queue.actions.processing} ${orderNumber}` })).toBeFocused();
    await managerContext.close();
  });

  test("a date field and an image chooser show the keyboard's outline as every other control does", async ({ page, browser, baseURL }) => {
    const outlineOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);
    await loginAs(page, 'admin');
    await page.goto('/admin/orders');
    const from = page.locator('input[type="date"]').first();
    await from.focus();
    expect(await outlineOf(from)).toBe('solid');

    const kitchenContext = await browser.newContext({ baseURL });
    const kitchen = await kitchenContext.newPage();
    await loginAs(kitchen, 'cloud_kitchen');
    await kitchen.goto('/cloud-kitchen/profile');
    const chooser = kitchen.locator('input[type="file"]').first();
    await expect(chooser).toBeAttached();
    await kitchen.keyboard.press('Tab');
    await chooser.focus();
    expect(await outlineOf(chooser.locator('xpath=..'))).toBe('solid');
    await kitchenContext.close();
  });

  test('the cart opens on its title, keeps focus inside and gives it back to the cart button', async ({ page }) => {
    await page.goto('/products?q=Bananas');
    await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
    const cartButton = page.getByRole('button', { name: copy.cart.buttonLabel(1) });
    await cartButton.focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: copy.header.cart });
    await expect(cart.getByRole('heading', { name: copy.header.cart })).toBeFocused();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      expect(await cart.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test('the warehouse chooser gives focus back to the header chip, after Escape and after a choice', async ({ page }) => {
    await page.goto('/products');
    await settled(page);
    const chip = page.getByRole('button', { name: `${copy.location.changeWarehouse} (Georgetown)` });
    await chip.focus();
    await page.keyboard.press('Enter');
    const chooser = page.getByRole('dialog', { name: copy.location.pickTitle });
    const newark = chooser.getByRole('button', { name: /^Newark Newark, NJ/ });
    await expect(newark).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();
    await expect(chip).toBeFocused();

    await page.keyboard.press('Enter');
    await newark.focus();
    await page.keyboard.press('Enter');
    await expect(chooser).toBeHidden();
    await expect(page.getByRole('button', { name: `${copy.location.changeWarehouse} (Newark)` })).toBeFocused();
  });
});

test('a device asking for less motion gets no transitions', async ({ page }) => {
  const transitionOfFirstAdd = async () => {
    await page.goto('/');
    const firstAdd = page.getByRole('main').getByRole('button', { name: /^Add / }).first();
    await expect(firstAdd).toBeVisible();
    return firstAdd.evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
  };
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await transitionOfFirstAdd()).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await transitionOfFirstAdd()).toBeLessThan(0.001);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  /** Every link and button the header shows, each at least 44 px each way, side by side within the screen. */
  async function expectHeaderTargets(page: Page, names: (string | RegExp)[]) {
    const header = page.getByRole('banner');
    for (const name of names) await expect(header.getByRole('link', { name }).or(header.getByRole('button', { name })).first()).toBeVisible();
    const controls = await header.locator('a, button').filter({ visible: true }).all();
    expect(controls.length).toBeGreaterThanOrEqual(names.length);
    const boxes = [];
    for (const control of controls) {
      const label = (await control.getAttribute('aria-label')) ?? (await control.textContent());
      const box = await control.boundingBox();
      expect(box, `${label} is laid out`).not.toBeNull();
      expect(Math.min(box!.width, box!.height), `${label}: ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(44);
      expect(box!.x, `${label} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${label} ends on the screen`).toBeLessThanOrEqual(360);
      for (const [other, otherBox] of boxes) {
        const apart = box!.x + box!.width <= otherBox.x || otherBox.x + otherBox.width <= box!.x || box!.y + box!.height <= otherBox.y || otherBox.y + otherBox.height <= box!.y;
        expect(apart, `${label} and ${other} do not overlap`).toBe(true);
      }
      boxes.push([label, box!] as const);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }

  test("every control of the header is at least 44 px on a phone, for a guest and for a customer", async ({ page, baseURL }) => {
    await page.goto('/');
    const shared = [/ home$/, /^Change delivery warehouse/, copy.header.toggleTheme, copy.cart.buttonLabel(0), copy.header.home, copy.header.products, copy.header.recent];
    await expectHeaderTargets(page, [...shared, copy.header.signIn]);

    await createCustomer(page.request, baseURL!, [addresses.georgetown]);
    await page.goto('/');
    await expectHeaderTargets(page, [...shared, 'Account menu']);
  });

  test("the cart's, the product card's and the product page's add and quantity controls are at least 44 px", async ({ page }) => {
    await page.goto('/products?q=Bananas');
    const add = page.getByRole('button', { name: 'Add Bananas to cart', exact: true });
    await expect(add).toBeVisible();
    const addBox = await add.boundingBox();
    await add.click();
    const cardStepper = page.getByRole('main').getByRole('button', { name: 'Increase quantity of Bananas' });
    await expect(cardStepper).toBeVisible();
    const cardBox = await cardStepper.boundingBox();
    await page.getByRole('main').getByRole('link', { name: 'Bananas', exact: true }).click();
    const pageStepper = page.getByRole('main').getByRole('button', { name: 'Increase quantity', exact: true });
    await expect(pageStepper).toBeVisible();
    const onPage = [pageStepper, page.getByRole('main').getByRole('button', { name: 'Decrease quantity', exact: true })];
    const pageBoxes = [addBox, cardBox, ...(await Promise.all(onPage.map((control) => control.boundingBox())))];

    await page.getByRole('button', { name: copy.cart.buttonLabel(1) }).click();
    const cart = page.getByRole('dialog', { name: copy.header.cart });
    await expect(cart).toBeVisible();
    for (const box of pageBoxes) expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
    const controls = [
      cart.getByRole('button', { name: 'Increase quantity of Bananas' }),
      cart.getByRole('button', { name: 'Decrease quantity of Bananas' }),
      cart.getByRole('button', { name: 'Remove Bananas' }),
      cart.getByRole('button', { name: 'Close' }),
      cart.getByRole('button', { name: copy.cart.clearCart }),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box, String(control)).not.toBeNull();
      expect(Math.min(box!.width, box!.height), String(control)).toBeGreaterThanOrEqual(44);
    }
  });

  test("a card at the edge of a row that scrolls sideways shows the whole of its focus outline", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('toolbar', { name: copy.home.categories }).getByRole('link').first()).toBeVisible();
    // Every row below the fold in the page, as a reader who scrolled there has it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('list', { name: copy.home.bundles })).toBeVisible();
    // The keyboard's outline: focus moved with Tab shows it, and so does focus moved by script after.
    await page.keyboard.press('Tab');
    const clipped = await page.evaluate(async () => {
      const found: string[] = [];
      const rows = [...document.querySelectorAll<HTMLElement>('main *')].filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth);
      for (const row of rows) {
        for (const control of [...row.querySelectorAll<HTMLElement>('a[href], button')].slice(0, 2)) {
          control.focus();
          await new Promise((resolve) => setTimeout(resolve, 400));
          const box = control.getBoundingClientRect();
          const edge = row.getBoundingClientRect();
          const { outlineWidth, outlineOffset } = getComputedStyle(control);
          if (!control.matches(':focus-visible')) found.push(`no outline on ${control.textContent}`);
          const reach = parseFloat(outlineWidth) + parseFloat(outlineOffset);
          if (box.left - reach < edge.left || box.top - reach < edge.top) found.push(`${row.getAttribute('aria-label') ?? row.getAttribute('aria-labelledby')}: ${control.textContent}`);
        }
      }
      return { rows: rows.length, found };
    });
    expect(clipped.rows).toBeGreaterThanOrEqual(3);
    expect(clipped.found).toEqual([]);
  });
});
