import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Order } from '../src/shared/contracts/orders';
import { orderCopy, supportCopy, warehouseAdminCopy } from '../src/shared/copy';
import { demoEmail, demoPassword, loginAs, orderBananas } from './fixtures';

/** A demo staff member's own API session, as another browser would hold it. */
async function staffApi(browser: Browser, baseURL: string, role: 'manager' | 'driver' | 'support') {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await context.request.post('/api/auth/sign-in/email', { data: { email: demoEmail[role], password: demoPassword } });
  expect(signedIn.ok()).toBe(true);
  const profile = (await (await context.request.get('/api/profile')).json()) as { id: string };
  return { context, api: context.request, profileId: profile.id };
}

/** The signed-in customer's banana order, delivered by the demo manager and driver through the API. */
async function deliveredBananas(page: Page, browser: Browser, baseURL: string): Promise<Order> {
  const orderId = await orderBananas(page, baseURL);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
  const manager = await staffApi(browser, baseURL, 'manager');
  const driver = await staffApi(browser, baseURL, 'driver');
  for (const [who, status, extra] of [
    [manager, 'confirmed', {}],
    [manager, 'processing', {}],
    [manager, 'ready', {}],
    [driver, 'out_for_delivery', {}],
    [driver, 'delivered', { deliveryCode: order.deliveryCode! }],
  ] as const) {
    if (status === 'out_for_delivery') expect((await manager.api.post(`/api/orders/${orderId}/driver`, { data: { driverProfileId: driver.profileId } })).status()).toBe(200);
    expect((await who.api.post(`/api/orders/${orderId}/status`, { data: { status, ...extra } })).status(), status).toBe(200);
  }
  await Promise.all([manager.context.close(), driver.context.close()]);
  return order;
}

test('support sees a return request arrive live, refunds part of it, and the customer sees the refund', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'customer');
  const order = await deliveredBananas(page, browser, baseURL!);
  const orderId = order.id;

  // Support watches the queue in another browser.
  const supportContext = await browser.newContext({ baseURL });
  const support = await supportContext.newPage();
  await loginAs(support, 'support');
  await support.goto('/support-dashboard');
  await expect(support.getByText('Live')).toBeVisible();

  // The customer asks for the bananas' money back.
  await page.goto(`/orders/${orderId}`);
  await page.getByRole('button', { name: orderCopy.returns.action }).click();
  const dialog = page.getByRole('dialog', { name: orderCopy.returns.title });
  await dialog.getByRole('checkbox', { name: orderCopy.returns.item('Bananas') }).check();
  await dialog.getByLabel(orderCopy.returns.reason).fill('Bruised in the bag');
  await dialog.getByRole('button', { name: orderCopy.returns.submit }).click();
  await expect(page.getByText(orderCopy.returns.done)).toBeVisible();

  // It arrives on support's screen without a reload, announced until acknowledged.
  const alert = support.getByRole('alert', { name: 'Needs attention' });
  await expect(alert.getByText(supportCopy.queue.newRequest(order.orderNumber))).toBeVisible();
  const card = support.getByRole('listitem', { name: new RegExp(`^${order.orderNumber}:`) });
  await expect(card.getByText('Bruised in the bag')).toBeVisible();
  await alert.getByRole('button', { name: /Acknowledge/ }).first().click();

  await card.getByLabel(supportCopy.queue.amount).fill('0.25');
  await card.getByLabel(supportCopy.queue.note).fill('Part of the bunch was fine');
  await card.getByRole('button', { name: supportCopy.queue.approve }).click();
  await support.getByRole('dialog', { name: supportCopy.queue.confirmTitle }).getByRole('button', { name: supportCopy.queue.confirmApprove('$0.25') }).click();
  await expect(support.getByText(supportCopy.queue.approved('$0.25'))).toBeVisible();

  // The customer's order page shows the refund and support's note.
  await page.reload();
  await expect(page.getByRole('list', { name: orderCopy.detail.refunds }).getByText('$0.25')).toBeVisible();
  await expect(page.getByText('Part of the bunch was fine').first()).toBeVisible();
  await expect(page.getByText(orderCopy.returnStatuses.approved)).toBeVisible();

  await supportContext.close();
});

test("a return request's alert goes away by itself once another agent decides the return", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'customer');
  const order = await deliveredBananas(page, browser, baseURL!);

  const supportContext = await browser.newContext({ baseURL });
  const support = await supportContext.newPage();
  await loginAs(support, 'support');
  await support.goto('/support-dashboard');
  await expect(support.getByText('Live')).toBeVisible();

  const asked = await page.request.post(`/api/orders/${order.id}/returns`, {
    headers: { origin: baseURL! },
    data: { lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reason: 'Bruised in the bag' },
  });
  expect(asked.status()).toBe(201);
  const request = (await asked.json()) as { id: string };
  const alert = support.getByRole('alert', { name: 'Needs attention' });
  await expect(alert.getByText(supportCopy.queue.newRequest(order.orderNumber))).toBeVisible();

  // Another agent, in another browser, rejects it: nothing is left to attend to here.
  const other = await staffApi(browser, baseURL!, 'support');
  expect((await other.api.post(`/api/returns/${request.id}/decision`, { data: { decision: 'reject', note: 'The photo shows them intact' } })).status()).toBe(200);
  await expect(alert.getByText(supportCopy.queue.newRequest(order.orderNumber))).toHaveCount(0);

  await Promise.all([other.context.close(), supportContext.close()]);
});

test('the admin opens a warehouse placed from its address', async ({ page }) => {
  const name = `Austin South ${Date.now()}`;
  await loginAs(page, 'admin');
  await page.goto('/admin/warehouses');
  await page.getByRole('button', { name: warehouseAdminCopy.add }).click();
  const dialog = page.getByRole('dialog', { name: warehouseAdminCopy.form.newTitle });
  const form = warehouseAdminCopy.form;
  await dialog.getByLabel(form.name, { exact: true }).fill(name);
  await dialog.getByLabel(form.streetAddress, { exact: true }).fill('1100 S Congress Ave');
  await dialog.getByLabel(form.city, { exact: true }).fill('Austin');
  await dialog.getByLabel(form.state, { exact: true }).fill('TX');
  await dialog.getByLabel(form.zipCode, { exact: true }).fill('78701');
  await dialog.getByLabel(form.deliveryFee, { exact: true }).fill('4.25');
  await dialog.getByRole('searchbox', { name: form.staffSearch }).fill('Morgan');
  await dialog.getByRole('button', { name: form.addPerson('Morgan Manager') }).click();
  await dialog.getByRole('button', { name: form.save }).click();
  await expect(page.getByText(form.saved(name))).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: warehouseAdminCopy.stock(name) })).toHaveAttribute('href', /\/admin\/warehouses\/[0-9a-f-]+\/stock$/);
});
