import { expect, test } from '@playwright/test';
import { copy } from '../src/shared/copy';
import { catalogAdminCopy } from '../src/shared/staff-copy';
import { loginAs } from './fixtures';

// A real PNG header is enough for the server, which tells an image by its first bytes.
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 1)]);

test('the admin adds a product with an image, a price and stock at Georgetown, and the customer finds it and adds it to the cart', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Zebra Melon ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Catalog' }).first().click();
  await page.getByRole('link', { name: 'New product' }).click();

  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('SKU').fill(`ZEB-${Date.now()}`);
  const category = form.getByLabel('Category', { exact: true });
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await form.getByLabel('Add image').setInputFiles({ name: 'melon.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: 'Image 1 (main)' })).toBeVisible();
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/[0-9a-f-]{36}$/);

  const shelf = page.getByRole('form', { name: /Georgetown.* price and stock/ });
  await shelf.getByLabel('Price ($)').fill('3.49');
  await shelf.getByLabel('Stock').fill('25');
  await shelf.getByRole('button', { name: /^Save / }).click();
  await expect(page.getByText(catalogAdminCopy.toasts.shelfSaved)).toBeVisible();
  await expect(shelf.getByText('On sale')).toBeVisible();

  // The demo customer, whose address is in Georgetown, in a browser of their own.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await loginAs(customer, 'customer');
  const add = customer.getByRole('button', { name: `Add ${name} to cart`, exact: true });
  // Another instance's catalog cache may hold the search for a few seconds.
  await expect(async () => {
    await customer.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(add).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(customer.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await add.click();
  await expect(customer.getByText(copy.cart.added)).toBeVisible();
  await expect(customer.getByTestId('cart-count')).toHaveText('1');
  await customerContext.close();
});
