import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { orderCopy } from '../src/shared/copy';
import { adminCopy, staffOrderCopy } from '../src/shared/staff-copy';
import type { Order } from '../src/shared/contracts/orders';
import { demoEmail, demoPassword, loginAs, orderBananas } from './fixtures';

/** A demo staff member's own API session. */
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

test('an admin reads the overview, finds the demo customer’s order and refunds one line, which the customer then sees', async ({ page, browser, baseURL }) => {
  // A checkout, a delivery and a refund across two browsers.
  test.setTimeout(90_000);
  await loginAs(page, 'customer');
  const orderId = await orderBananas(page, baseURL!);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  // Delivered and paid at the door, so there is something to refund.
  const manager = await staffSession(baseURL!, 'manager');
  const driver = await staffSession(baseURL!, 'driver');
  await moveTo(manager.api, orderId, 'confirmed');
  await moveTo(manager.api, orderId, 'processing');
  await moveTo(manager.api, orderId, 'ready');
  expect((await manager.api.post(`/api/orders/${orderId}/driver`, { data: { driverProfileId: driver.profileId } })).status()).toBe(200);
  await moveTo(driver.api, orderId, 'out_for_delivery');
  await moveTo(driver.api, orderId, 'delivered', { deliveryCode: order.deliveryCode! });
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: order.orderNumber })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/admin');
  await expect(admin.getByRole('img', { name: new RegExp(adminCopy.overview.perDayTitle) })).toBeVisible();
  await expect(admin.locator('.recharts-surface').first()).toBeVisible();

  await admin.getByRole('link', { name: 'Orders' }).click();
  await admin.getByLabel(adminCopy.orders.search).fill(demoEmail.customer);
  await admin.getByRole('link', { name: order.orderNumber }).click();
  await expect(admin.getByRole('heading', { name: order.orderNumber })).toBeVisible();

  const line = order.lines[0]!;
  await admin.getByLabel(staffOrderCopy.quantityOf(line.name)).fill('1');
  await admin.getByLabel(staffOrderCopy.reason).fill('Bruised bananas');
  await admin.getByRole('button', { name: staffOrderCopy.submit }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByRole('button', { name: staffOrderCopy.submit }).click();
  await expect(admin.getByText(staffOrderCopy.refundedToast)).toBeVisible();
  await expect(admin.getByRole('list', { name: staffOrderCopy.refunds })).toContainText('Bruised bananas');

  // The customer's own page shows the refund.
  await page.reload();
  await expect(page.getByText('Bruised bananas')).toBeVisible();
  await expect(page.getByText(orderCopy.refundKinds.line).first()).toBeVisible();

  await manager.api.dispose();
  await driver.api.dispose();
  await adminContext.close();
});
