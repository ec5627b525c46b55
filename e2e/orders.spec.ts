import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutCopy, copy, orderCopy, orderSuccessCopy } from '../src/shared/copy';
import type { Order } from '../src/shared/contracts/orders';
import type { ProductDetail, ProductList } from '../src/shared/contracts/catalog';
import { addresses, createCustomer, demoEmail, demoPassword } from './fixtures';

/** A demo staff member's own API session, as a second browser would hold it. */
async function staffSession(baseURL: string, role: 'manager' | 'driver') {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email: demoEmail[role], password: demoPassword } });
  expect(signedIn.ok()).toBe(true);
  const profile = (await (await api.get('/api/profile')).json()) as { id: string };
  return { api, profileId: profile.id };
}

async function moveTo(api: APIRequestContext, orderId: string, status: string, extra: Record<string, string> = {}) {
  const response = await api.post(`/api/orders/${orderId}/status`, { data: { status, ...extra } });
  expect(response.status(), `moving the order to ${status}`).toBe(200);
}

async function addToCart(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Add ${name} to cart`, exact: true }).click();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
}

/** Places the cart from /checkout with pay on delivery, as soon as possible or in the first open window. */
async function checkOut(page: Page): Promise<string> {
  await page.goto('/checkout');
  const place = page.getByRole('button', { name: checkoutCopy.placeOrder });
  await expect(place).toBeEnabled();
  const asap = page.getByRole('radio', { name: new RegExp(checkoutCopy.asap) });
  // Outside the store's delivery hours the first open window is taken instead.
  if (await asap.isDisabled()) await page.locator('input[name=delivery]:not([disabled])').first().check();
  await expect(page.getByRole('radio', { name: new RegExp(checkoutCopy.payOnDelivery) })).toBeChecked();
  await expect(place).toBeEnabled();
  await place.click();
  await page.waitForURL(/\/order-success\?order=/);
  await expect(page.getByRole('heading', { name: orderSuccessCopy.title })).toBeVisible();
  return new URL(page.url()).searchParams.get('order')!;
}

async function stockOf(api: APIRequestContext, productId: string, warehouseId: string) {
  const response = await api.get(`/api/products/${productId}?warehouseId=${warehouseId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ProductDetail).stockQuantity;
}

test('a customer checks out, staff in another browser move the order, and the customer watches it live, rates it and asks for a refund', async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await addToCart(page, 'Bananas');
  const orderId = await checkOut(page);
  await expect(page.getByText(orderSuccessCopy.deliveryCodeNote)).toBeVisible();

  await page.getByRole('link', { name: orderSuccessCopy.track, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  await expect(page.getByRole('heading', { name: order.orderNumber })).toBeVisible();

  const manager = await staffSession(baseURL!, 'manager');
  const driver = await staffSession(baseURL!, 'driver');
  await moveTo(manager.api, orderId, 'confirmed');
  await expect(page.getByText(orderCopy.statuses.confirmed).first()).toBeVisible();
  await moveTo(manager.api, orderId, 'processing');
  expect((await manager.api.post(`/api/orders/${orderId}/driver`, { data: { driverProfileId: driver.profileId } })).status()).toBe(200);
  await moveTo(manager.api, orderId, 'ready');
  await moveTo(driver.api, orderId, 'out_for_delivery');
  expect((await driver.api.post(`/api/tracking/orders/${orderId}/position`, { data: { latitude: 30.64, longitude: -97.68 } })).status()).toBe(200);
  // The map and the new status arrive over the stream: the page is never reloaded.
  await expect(page.getByRole('img', { name: /Georgetown/ })).toBeVisible();
  await moveTo(driver.api, orderId, 'delivered', { deliveryCode: order.deliveryCode!, note: 'Left with the customer' });
  await expect(page.getByRole('button', { name: orderCopy.returns.action })).toBeVisible();

  // Rate the bananas.
  await page.getByRole('button', { name: `${orderCopy.ratings.rate} Bananas` }).click();
  const rating = page.getByRole('dialog', { name: orderCopy.ratings.title('Bananas') });
  await rating.getByRole('radio', { name: orderCopy.ratings.stars(4) }).check();
  await rating.getByLabel(orderCopy.ratings.comment).fill('Ripe and sweet');
  await rating.getByRole('button', { name: orderCopy.ratings.save }).click();
  await expect(page.getByText(orderCopy.ratings.saved)).toBeVisible();
  await expect(page.getByRole('img', { name: orderCopy.ratings.yours(4) })).toBeVisible();

  // Ask for the money back.
  await page.getByRole('button', { name: orderCopy.returns.action }).click();
  const request = page.getByRole('dialog', { name: orderCopy.returns.title });
  await request.getByRole('checkbox', { name: orderCopy.returns.item('Bananas') }).check();
  await request.getByLabel(orderCopy.returns.reason).fill('Bruised in the bag');
  await request.getByRole('button', { name: orderCopy.returns.submit }).click();
  await expect(page.getByText(orderCopy.returns.done)).toBeVisible();
  await expect(page.getByText(orderCopy.returnStatuses.requested)).toBeVisible();

  await page.goto('/orders');
  await expect(page.getByRole('link', { name: new RegExp(order.orderNumber) })).toBeVisible();
  await manager.api.dispose();
  await driver.api.dispose();
});

test('a customer cancels an order and its stock goes back on the shelf', async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  const list = (await (await page.request.get('/api/products?q=Gala%20Apples')).json()) as ProductList;
  const apples = list.items.find((item) => item.name === 'Gala Apples');
  expect(apples, 'Gala Apples in the catalog').toBeDefined();
  await addToCart(page, 'Gala Apples');
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: { warehouseId: string }[] };
  const warehouseId = cart.items[0]!.warehouseId;
  const before = await stockOf(page.request, apples!.id, warehouseId);

  const orderId = await checkOut(page);
  // The catalog's shared read cache may answer for a few seconds more (ADR 004).
  await expect.poll(() => stockOf(page.request, apples!.id, warehouseId), { timeout: 20_000 }).toBe(before - 1);

  await page.goto(`/orders/${orderId}`);
  await page.getByRole('button', { name: orderCopy.cancel.action }).click();
  const dialog = page.getByRole('dialog', { name: orderCopy.cancel.title });
  await dialog.getByRole('button', { name: orderCopy.cancel.confirm }).click();
  await expect(page.getByText(orderCopy.cancel.done)).toBeVisible();
  await expect(page.getByText(orderCopy.statuses.cancelled).first()).toBeVisible();
  await expect.poll(() => stockOf(page.request, apples!.id, warehouseId), { timeout: 20_000 }).toBe(before);
});

test("the rule above an order's total is one clean line across the summary, on a phone and on a wide screen", async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await addToCart(page, 'Bananas');
  const orderId = await checkOut(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/orders/${orderId}`);
    const totals = page.locator(`xpath=//dl[.//dt[normalize-space()="${orderCopy.detail.total}"]]`);
    await expect(totals).toBeVisible();
    // Every rule drawn in the summary, as its distance from the summary's left and right edges.
    const rules = await totals.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('*')]
        .filter((element) => parseFloat(getComputedStyle(element).borderTopWidth) > 0)
        .map((element) => {
          const rule = element.getBoundingClientRect();
          return { left: Math.round(rule.left - box.left), right: Math.round(box.right - rule.right) };
        });
    });
    expect(rules, `at ${width} px`).toEqual([{ left: 0, right: 0 }]);
  }
});
