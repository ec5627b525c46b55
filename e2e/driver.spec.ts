import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { orderCopy } from '../src/shared/copy';
import { driverCopy } from '../src/shared/staff-copy';
import type { Order } from '../src/shared/contracts/orders';
import { addresses, createCustomer, demoEmail, demoPassword, loginAs, orderBananas, places } from './fixtures';

/** The demo driver signed in on /driver in this browser, on shift. */
async function onShift(browser: BrowserContext): Promise<Page> {
  const driver = await browser.newPage();
  await loginAs(driver, 'driver');
  await driver.goto('/driver');
  const shift = driver.getByRole('switch', { name: driverCopy.shift.label });
  await expect(shift).toBeVisible();
  if ((await shift.getAttribute('aria-checked')) === 'false') await shift.click();
  await expect(shift).toHaveAttribute('aria-checked', 'true');
  return driver;
}

/** The order's manager gets it ready as far as the store's steps go (the status machine says which); answers the manager's signed-in client. */
async function readyByItsManager(baseURL: string, orderId: string): Promise<APIRequestContext> {
  const manager = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await manager.post('/api/auth/sign-in/email', { data: { email: demoEmail.manager, password: demoPassword } })).ok()).toBe(true);
  for (;;) {
    const seen = (await (await manager.get(`/api/orders/${orderId}`)).json()) as Order;
    const next = seen.actions.transitions.find((status) => status !== 'cancelled');
    if (!next) return manager;
    expect((await manager.post(`/api/orders/${orderId}/status`, { data: { status: next } })).status()).toBe(200);
  }
}

test('a driver goes on shift, accepts an order, picks it up and delivers it with the code from the customer’s live tracking page', async ({ page, browser, baseURL }) => {
  // Two browsers and a whole delivery: longer than one page's journey.
  test.setTimeout(90_000);
  // The customer orders and keeps the tracking page open.
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  const orderId = await orderBananas(page, baseURL!);
  await page.goto(`/orders/${orderId}`);
  const { orderNumber, totalAmount, payment } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  // Paid on delivery: the driver collects the whole total at the door.
  expect(payment).toMatchObject({ method: 'cash_on_delivery', status: 'due_on_delivery' });
  await expect(page.getByRole('heading', { name: orderNumber })).toBeVisible();

  const manager = await readyByItsManager(baseURL!, orderId);

  // The driver, on a phone near the Georgetown warehouse, in a browser of their own.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: places.georgetown, permissions: ['geolocation'] });
  const driver = await onShift(phone);

  const offers = driver.getByRole('region', { name: driverCopy.offers.heading });
  await expect(offers.getByText(driverCopy.offers.sortedByDistance)).toBeVisible();
  await offers.getByRole('button', { name: `${driverCopy.offers.accept} ${orderNumber}` }).click();
  await expect(driver.getByText(driverCopy.offers.accepted(orderNumber))).toBeVisible();

  const mine = driver.getByRole('region', { name: driverCopy.assigned.heading }).getByRole('article', { name: orderNumber });
  await expect(mine.getByText(driverCopy.card.collectCash(totalAmount))).toBeVisible();
  await mine.getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${orderNumber}` }).click();
  await expect(mine.getByText(driverCopy.sharing.on)).toBeVisible();

  // The customer's page follows without a reload: out for delivery, and the driver on the map.
  await expect(page.getByText(orderCopy.statuses.out_for_delivery).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /The driver is on the way from Georgetown, .+ away/ })).toBeVisible();
  const code = (await page.getByText(orderCopy.detail.deliveryCodeHint).locator('..').locator('p.font-mono').textContent())!.trim();
  expect(code).toMatch(/^\d{4}$/);

  // The driver reopens the page just after a position was taken (here one arrives right before the page's first):
  // the page's first is refused as too soon, and the newest follows once the server takes one, with no error shown.
  let earlierSent = false;
  // Other journeys running alongside may give the demo driver deliveries of their own: only this order's count.
  const thisOrdersPosition = `**/api/tracking/orders/${orderId}/position`;
  await driver.route(thisOrdersPosition, async (route) => {
    if (!earlierSent) {
      earlierSent = true;
      // The server refuses one under 3 s after the last it took (the page's before the reload, say):
      // sent again until it is taken, so that one was taken just now, whenever the page's last was.
      await expect
        .poll(async () => (await driver.request.post(`/api/tracking/orders/${orderId}/position`, { data: places.georgetown, headers: { origin: baseURL! } })).status(), { intervals: [500], timeout: 10_000 })
        .toBe(200);
    }
    await route.continue();
  });
  const answers: number[] = [];
  driver.on('response', (response) => {
    if (response.url().endsWith(`/orders/${orderId}/position`)) answers.push(response.status());
  });
  await driver.reload();
  await expect(mine.getByText(driverCopy.sharing.on)).toBeVisible();
  await expect.poll(() => answers).toEqual([429, 200]);
  await expect(driver.locator('[data-sonner-toast]')).toHaveCount(0);
  await driver.unroute(thisOrdersPosition);

  // A wrong code is refused at the field; the customer's code delivers it.
  await mine.getByRole('button', { name: driverCopy.assigned.deliver }).click();
  const dialog = driver.getByRole('dialog', { name: driverCopy.deliver.title(orderNumber) });
  await expect(dialog.getByText(driverCopy.card.collectCash(totalAmount))).toBeVisible();
  const wrong = code === '0000' ? '1111' : '0000';
  await dialog.getByLabel(driverCopy.deliver.code).fill(wrong);
  await dialog.getByRole('button', { name: driverCopy.deliver.submit }).click();
  await expect(dialog.getByText("This delivery code doesn't match the order.")).toBeVisible();
  await dialog.getByLabel(driverCopy.deliver.code).fill(code);
  await dialog.getByLabel(driverCopy.deliver.note).fill('Handed to the customer at the door');
  await dialog.getByRole('button', { name: driverCopy.deliver.submit }).click();
  await expect(driver.getByText(driverCopy.deliver.done(orderNumber))).toBeVisible();
  await expect(mine).toHaveCount(0);

  await expect(page.getByRole('button', { name: orderCopy.returns.action })).toBeVisible();
  await expect(page.getByText(orderCopy.statuses.delivered).first()).toBeVisible();

  await manager.dispose();
  await phone.close();
});

test('a driver whose browser refuses location reads why, in colours that pass contrast', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  const orderId = await orderBananas(page, baseURL!);
  const { orderNumber } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  const manager = await readyByItsManager(baseURL!, orderId);

  // No location permission granted: the browser refuses the position.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const driver = await onShift(phone);
  await driver.getByRole('region', { name: driverCopy.offers.heading }).getByRole('button', { name: `${driverCopy.offers.accept} ${orderNumber}` }).click();
  const mine = driver.getByRole('region', { name: driverCopy.assigned.heading }).getByRole('article', { name: orderNumber });
  await mine.getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${orderNumber}` }).click();
  await expect(mine.getByText(driverCopy.sharing.denied)).toBeVisible();
  const results = await new AxeBuilder({ page: driver }).include(`article[aria-label="${orderNumber}"] [role="status"]`).withRules(['color-contrast']).analyze();
  expect(results.violations).toEqual([]);

  await manager.dispose();
  await phone.close();
});
