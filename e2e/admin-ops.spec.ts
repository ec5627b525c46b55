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

test('on the users list a long e-mail address wraps between its parts, inside its cell', async ({ page, baseURL }) => {
  const email = `evangeline.montgomery-fitzwilliam.purchasing${Date.now()}@northeastern-regional-cooperative.example.test`;
  const guest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signUp = await guest.post('/api/auth/sign-up/email', { data: { email, password: 'customer-pass-1', firstName: 'Eva', lastName: 'Long' } });
  expect(signUp.ok()).toBe(true);
  await guest.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  await page.getByLabel(adminCopy.users.search).fill(email);
  // The header and the one person found.
  await expect(page.getByRole('row')).toHaveCount(2);
  const cell = page.getByRole('cell', { name: email, exact: true });
  await expect(cell).toBeVisible();

  // Where each line starts, read from the characters' own boxes.
  const layout = await cell.evaluate((element) => {
    const starts: number[] = [];
    let offset = 0;
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 2) starts.push(offset + index);
        lastTop = top;
      }
      offset += node.textContent!.length;
    }
    const whole = document.createRange();
    whole.selectNodeContents(element);
    const text = whole.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const scroller = element.closest('table')!.parentElement!;
    return { starts, inside: text.right <= box.right + 0.5, scrolls: scroller.scrollWidth > scroller.clientWidth };
  });
  expect(layout.starts.length, 'the address takes more than one line').toBeGreaterThan(0);
  for (const start of layout.starts) {
    const [before, after] = [email[start - 1]!, email[start]!];
    expect(after === '@' || after === '.' || '-_+'.includes(before), `a line starts at “${email.slice(start, start + 12)}…”`).toBe(true);
  }
  expect(layout.inside, 'the address stays inside its cell').toBe(true);
  expect(layout.scrolls, 'the table fits the page at 1280 px').toBe(false);
});

test('on a phone, the dialogs about a person with a long e-mail address fit the screen, their buttons whole', async ({ page, baseURL }) => {
  const email = `averyveryveryverylonglocalpartwithoutanybreaks${Date.now()}@example.test`;
  const guest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await guest.post('/api/auth/sign-up/email', { data: { email, password: 'customer-pass-1', firstName: 'Eva', lastName: 'Long' } })).ok()).toBe(true);
  await guest.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  await page.getByLabel(adminCopy.users.search).fill(email);
  const copy = adminCopy.users;
  for (const [open, button] of [
    [`${copy.changeRole}: ${email}`, copy.save],
    [`${copy.deactivate}: ${email}`, copy.deactivate],
  ] as const) {
    await page.getByRole('button', { name: open }).click();
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth), 'nothing in the dialog runs past its side').toBe(true);
    const [box, action] = [(await dialog.boundingBox())!, (await dialog.getByRole('button', { name: button, exact: true }).boundingBox())!];
    expect(action.x + action.width, `${button} ends inside the dialog`).toBeLessThanOrEqual(box.x + box.width);
    expect(box.x + box.width, 'the dialog ends inside the screen').toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('on a phone, every person on the users list shows whole, their buttons on screen with no sideways scrolling', async ({ page, baseURL }) => {
  // An address longer than a phone's cell has room for, in one piece: it wraps inside the card.
  const guest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = `anotherveryverylonglocalpartwithnobreaks${Date.now()}@example.test`;
  expect((await guest.post('/api/auth/sign-up/email', { data: { email, password: 'customer-pass-1', firstName: 'Lee', lastName: 'Long' } })).ok()).toBe(true);
  await guest.dispose();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  const copy = adminCopy.users;
  const deactivate = page.getByRole('button', { name: new RegExp(`^${copy.deactivate}: `) });
  await expect(deactivate.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
  const table = page.getByRole('table', { name: copy.title });
  expect(await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth), 'the list does not scroll sideways').toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'nor does the page').toBe(true);
  for (const button of [...(await page.getByRole('button', { name: new RegExp(`^${copy.changeRole}: `) }).all()), ...(await deactivate.all())]) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, `${await button.getAttribute('aria-label')} ends inside the screen`).toBeLessThanOrEqual(390);
  }
  // Each value beside the name of its column, which a table's header gives on a wider screen.
  const warehouses = page.getByRole('row').filter({ hasText: demoEmail.manager }).getByRole('cell', { name: /Austin Central, Georgetown/ });
  const cell = (await warehouses.boundingBox())!;
  expect(cell.x + cell.width, 'the warehouses end inside the screen').toBeLessThanOrEqual(390);
  expect(await warehouses.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(`"${copy.warehouses}"`);
});
