import { expect, test, type Page } from '@playwright/test';
import { checkoutCopy, copy, dashboardNav, orderCopy } from '../src/shared/copy';
import { managerCopy, staffCopy } from '../src/shared/staff-copy';
import type { Order } from '../src/shared/contracts/orders';
import { addresses, createCustomer, loginAs } from './fixtures';

async function addToCart(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Add ${name} to cart`, exact: true }).click();
  await expect(page.getByText(copy.cart.added).first()).toBeVisible();
}

/** Places the cart with pay on delivery, as soon as possible or in the first open window; answers the order id. */
async function checkOut(page: Page): Promise<string> {
  await page.goto('/checkout');
  const place = page.getByRole('button', { name: checkoutCopy.placeOrder });
  await expect(place).toBeEnabled();
  const asap = page.getByRole('radio', { name: new RegExp(checkoutCopy.asap) });
  if (await asap.isDisabled()) await page.locator('input[name=delivery]:not([disabled])').first().check();
  await place.click();
  await page.waitForURL(/\/order-success\?order=/);
  return new URL(page.url()).searchParams.get('order')!;
}

test('the manager is alerted to a new order, confirms it, picks it with a substitution, marks it ready and assigns the driver while the customer watches', async ({ page, browser, baseURL }) => {
  // Two browsers and a whole shift of steps.
  test.setTimeout(120_000);
  // The manager's queue is open in their own browser before the order comes in.
  const managerContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  await loginAs(manager, 'manager');
  await manager.goto('/manager');
  await expect(manager.getByRole('heading', { name: managerCopy.queue.title })).toBeVisible();
  await expect(manager.getByText(staffCopy.live.open, { exact: true })).toBeVisible();

  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await addToCart(page, 'Organic Bananas');
  await addToCart(page, 'Bananas');
  const orderId = await checkOut(page);
  await page.goto(`/orders/${orderId}`);
  const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // Announced until acknowledged.
  const alert = manager.getByRole('alert', { name: staffCopy.alerts.label });
  await expect(alert).toContainText(managerCopy.queue.newOrder(orderNumber));
  await alert.getByRole('button', { name: `${staffCopy.alerts.acknowledge}: ${managerCopy.queue.newOrder(orderNumber)}` }).click();
  // Journeys running alongside may announce orders of their own: this order's announcement is the one that goes.
  await expect(alert.getByText(managerCopy.queue.newOrder(orderNumber))).toBeHidden();

  await manager.getByRole('button', { name: `${managerCopy.queue.actions.confirmed} ${orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.confirmed).first()).toBeVisible();
  await manager.getByRole('button', { name: `${managerCopy.queue.actions.processing} ${orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.processing).first()).toBeVisible();

  // Picking: the organic bananas are out, replaced by the cheaper ones.
  await manager.getByRole('link', { name: `${managerCopy.queue.actions.pick} ${orderNumber}` }).click();
  await expect(manager.getByRole('heading', { name: `${managerCopy.pickList.aisle}: Fruits & Vegetables` })).toBeVisible();
  await manager.getByRole('button', { name: managerCopy.pickList.unavailableFor(`Organic Bananas (${orderNumber})`) }).click();
  const dialog = manager.getByRole('dialog', { name: managerCopy.unavailable.title('Organic Bananas') });
  await dialog.getByRole('searchbox', { name: managerCopy.unavailable.search }).fill('Bananas');
  await dialog.getByRole('radio', { name: /^Bananas/ }).check();
  await dialog.getByRole('button', { name: managerCopy.unavailable.submit }).click();
  await expect(manager.getByText(/1 replaced by Bananas/)).toBeVisible();
  await expect(page.getByText(/1 unavailable, replaced by Bananas/)).toBeVisible();

  await manager.getByRole('link', { name: dashboardNav.manager.orders }).click();
  await manager.getByRole('button', { name: `${managerCopy.queue.actions.ready} ${orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.ready).first()).toBeVisible();

  await manager.getByRole('button', { name: `${managerCopy.queue.actions.assign} ${orderNumber}` }).click();
  const assign = manager.getByRole('dialog', { name: managerCopy.assign.title(orderNumber) });
  await assign.getByRole('radio', { name: /Drew Driver/ }).check();
  await assign.getByRole('button', { name: managerCopy.assign.submit }).click();
  await expect(manager.getByText(managerCopy.queue.driver('Drew Driver'))).toBeVisible();
  await expect(page.getByText('Driver assigned: Drew')).toBeVisible();

  await managerContext.close();
});

test('on a phone the pick list names each chosen order on one line', async ({ page, browser, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await addToCart(page, 'Bananas');
  const orderId = await checkOut(page);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const manager = await phone.newPage();
  await loginAs(manager, 'manager');
  // Ready for pickup: the longest status beside the order's number and its customer's name.
  for (;;) {
    const seen = (await (await manager.request.get(`/api/orders/${orderId}`)).json()) as Order;
    const next = seen.actions.transitions.find((status) => status !== 'cancelled');
    if (!next) break;
    expect((await manager.request.post(`/api/orders/${orderId}/status`, { data: { status: next }, headers: { origin: baseURL! } })).status()).toBe(200);
  }
  await manager.goto(`/manager/pick-list?orders=${orderId}`);
  const { orderNumber } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  const chosen = manager.getByRole('listitem').filter({ hasText: orderNumber }).getByText(orderNumber, { exact: true });
  await expect(chosen).toBeVisible();
  const lines = await chosen.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
  expect(lines, `${orderNumber} is not broken at its hyphens`).toBe(1);
  await phone.close();
});
