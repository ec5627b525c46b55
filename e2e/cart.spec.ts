import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { copy } from '../src/shared/copy';
import type { Deals, ProductList } from '../src/shared/contracts/catalog';
import { formatMoney, summarize } from '../src/shared/money';
import { addresses, createCustomer, loginAs, signIn } from './fixtures';

/** Adds a product from its search results, and waits until its card shows it in the cart (a stepper instead of Add). */
async function addProduct(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Add ${name} to cart`, exact: true }).click();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name} in cart`, exact: true }).first()).toBeVisible();
}

/** The header's cart button, whose name carries the count ('Cart, 3 items'). */
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart(, \d+ items?)?$/ });

async function cartTotals(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Cart' });
  const row = (label: string) => panel.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  return {
    panel,
    subtotal: await row('Subtotal').textContent(),
    serviceFee: await row('Service fee').textContent(),
    tax: await row('Tax').textContent(),
    total: await row('Total').textContent(),
  };
}

test('a guest fills a cart, sees the totals, signs in and finds the items migrated', async ({ page, baseURL }) => {
  await addProduct(page, 'Bananas');
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await addProduct(page, 'Whole Chicken');
  // A guest's line is kept once the server has priced it: leaving the page before that drops the add.
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.goto('/');
  const bundle = page.getByRole('article', { name: 'Taco Night Kit' });
  await bundle.getByRole('button', { name: 'Add bundle' }).click();
  await expect(page.getByText(copy.cart.bundleAdded)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // What the server charges: the default warehouse's prices, 2 % service fee and 8.25 % tax.
  const api = await playwrightRequest.newContext({ baseURL });
  const priceOf = async (name: string) => {
    const list = (await (await api.get(`/api/products?q=${encodeURIComponent(name)}`)).json()) as ProductList;
    return list.items.find((item) => item.name === name)!.price;
  };
  const deals = (await (await api.get('/api/deals')).json()) as Deals;
  const expected = summarize([
    { unitPrice: await priceOf('Bananas'), quantity: 1 },
    { unitPrice: await priceOf('Whole Chicken'), quantity: 1 },
    { unitPrice: deals.bundles.find((item) => item.name === 'Taco Night Kit')!.price, quantity: 1 },
  ]);

  await cartButton(page).click();
  const before = await cartTotals(page);
  expect(before).toMatchObject({
    subtotal: formatMoney(expected.subtotal),
    serviceFee: formatMoney(expected.serviceFee),
    tax: formatMoney(expected.taxAmount),
    total: formatMoney(expected.totalAmount),
  });
  await expect(before.panel.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('groc_cart') ?? '[]').length)).toBe(3);

  // An account made elsewhere, with a home in Georgetown; this browser signs in to it.
  const { email, password } = await createCustomer(api, baseURL!, [addresses.georgetown]);
  await api.dispose();

  await page.goto('/auth');
  await signIn(page, email, password);
  await expect(page.getByText(copy.cart.migrated)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('groc_cart'))).toBeNull();
  await cartButton(page).click();
  const after = await cartTotals(page);
  expect(after.total).toBe(formatMoney(expected.totalAmount));
  for (const name of ['Bananas', 'Whole Chicken', 'Taco Night Kit']) {
    await expect(after.panel.getByRole('listitem', { name })).toBeVisible();
  }
  // The server cart holds them now: a reload shows the same.
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
});

test('a cart with a kitchen dish refuses groceries with the exact message, and its Clear Cart clears then adds the grocery item', async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);

  await page.goto('/cloud-kitchens');
  await page.getByRole('list', { name: 'Cloud kitchens' }).getByRole('link').first().click();
  await page.getByRole('button', { name: /^Add .+ to cart$/ }).first().click();
  await expect(page.getByText(copy.cart.kitchenItemAdded)).toBeVisible();

  await page.goto('/products?q=Bananas');
  await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
  const refusal = page.getByText(copy.cart.kitchenItemsBlockGrocery, { exact: true });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // The refusal's Clear Cart empties the cart and then adds what was tapped.
  await page.getByRole('button', { name: copy.cart.clearCart }).click();
  await expect(page.getByText(copy.cart.cleared)).toBeVisible();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem', { name: 'Bananas' })).toBeVisible();
});

test('the cart panel changes quantities, removes lines and clears the cart', async ({ page }) => {
  await addProduct(page, 'Bananas');
  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await panel.getByRole('button', { name: 'Increase quantity of Bananas' }).click();
  await expect(panel.getByLabel('Quantity', { exact: true })).toHaveText('2');
  await panel.getByRole('button', { name: 'Decrease quantity of Bananas' }).click();
  await expect(panel.getByLabel('Quantity', { exact: true })).toHaveText('1');
  await panel.getByRole('button', { name: 'Remove Bananas' }).click();
  await expect(page.getByText(copy.cart.removed)).toBeVisible();
  await expect(panel.getByText(copy.cart.empty)).toBeVisible();
  await expect(panel.getByText(copy.cart.emptyHint)).toBeVisible();

  // The empty cart leads back to the products.
  await panel.getByRole('button', { name: copy.cart.continueShopping }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL('/products');

  await addProduct(page, 'Bananas');
  await addProduct(page, 'Whole Chicken');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  // Opening the cart puts focus on its title, never on a control that removes a line.
  await expect(panel.getByRole('heading', { name: 'Cart' })).toBeFocused();
  await panel.getByRole('button', { name: copy.cart.clearCart }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Undo in the toast puts both lines back.
  const cleared = page.locator('[data-sonner-toast]', { hasText: copy.cart.cleared });
  await cleared.getByRole('button', { name: copy.cart.undo }).click();
  await expect(page.getByText(copy.cart.restored)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await expect(panel.getByRole('listitem', { name: 'Bananas' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Whole Chicken' })).toBeVisible();
});

test("a signed-in customer's cleared cart comes back with Undo", async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await addProduct(page, 'Bananas');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await panel.getByRole('button', { name: copy.cart.clearCart }).click();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await page.locator('[data-sonner-toast]', { hasText: copy.cart.cleared }).getByRole('button', { name: copy.cart.undo }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // The server holds it again: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('a product card already in the cart shows a stepper instead of Add', async ({ page }) => {
  await addProduct(page, 'Bananas');
  const card = page.getByRole('article', { name: 'Bananas' }).first();
  const quantity = card.getByRole('spinbutton', { name: 'Quantity of Bananas in cart' });
  await expect(quantity).toHaveValue('1');
  await expect(card.getByRole('button', { name: 'Add Bananas to cart' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Increase quantity of Bananas' }).click();
  await expect(quantity).toHaveValue('2');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await card.getByRole('button', { name: 'Decrease quantity of Bananas' }).click();
  await expect(quantity).toHaveValue('1');
  await card.getByRole('button', { name: 'Decrease quantity of Bananas' }).click();
  await expect(page.getByText(copy.cart.removed)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add Bananas to cart' })).toBeEnabled();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('search tolerates typos', async ({ page }) => {
  await page.goto('/products');
  const search = page.getByLabel('Search products');
  await search.fill('banan');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=banan/);
  await expect(page.getByRole('link', { name: 'Bananas', exact: true }).first()).toBeVisible();

  await search.fill('chiken');
  await search.press('Enter');
  await expect(page.getByRole('link', { name: 'Boneless Skinless Chicken Breast', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Whole Chicken', exact: true }).first()).toBeVisible();
});

test("a guest's cart holds at most 99 of an item and keeps working at the cap", async ({ page }) => {
  await page.goto('/products?q=Bananas');
  await page.getByRole('link', { name: 'Bananas', exact: true }).first().click();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('500');
  // The field shows what it will take, and the line agrees with it.
  await expect(quantity).toHaveValue('99');
  await expect(page.getByText('Max 99')).toBeVisible();
  await expect(page.getByText(/^99 × \$/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('99');

  // One more is refused, and nothing is stored.
  await quantity.fill('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(copy.cart.quantityLimit)).toBeVisible();
  const stored = () => page.evaluate(() => (JSON.parse(localStorage.getItem('groc_cart') ?? '[]') as { quantity: number }[]).map((line) => line.quantity));
  expect(await stored()).toEqual([99]);

  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  const increase = panel.getByRole('button', { name: 'Increase quantity of Bananas' });
  await expect(increase).toBeDisabled();
  await increase.click({ force: true });
  await expect(panel.getByLabel('Quantity', { exact: true })).toHaveText('99');
  await expect(panel.getByText('Max 99')).toBeVisible();
  expect(await stored()).toEqual([99]);

  // After a reload the cart is still there and still takes other items.
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('99');
  await addProduct(page, 'Whole Chicken');
  await expect(page.getByText(copy.cart.added)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('100');
  await cartButton(page).click();
  await expect(panel.getByRole('listitem', { name: 'Bananas' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Whole Chicken' })).toBeVisible();
});

test('staff browse the catalog without cart actions, told where orders are placed', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/products?q=Bananas');
  await expect(page.getByRole('link', { name: 'Bananas', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(copy.cart.staffNoCart);
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await expect(cartButton(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Bananas', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Bananas', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveText(copy.cart.staffNoCart);

  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Add (bundle|offer)$/ })).toHaveCount(0);
});
