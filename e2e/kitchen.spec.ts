import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import type { KitchenProfile } from '../src/shared/contracts/kitchen-operator';
import { checkoutCopy, copy, dashboardNav, kitchenCopy, orderCopy } from '../src/shared/copy';
import { addresses, createCustomer, demoEmail, demoPassword, loginAs } from './fixtures';

// Each journey runs two or three browsers through several pages.
test.describe.configure({ timeout: 90_000 });

/** The demo kitchen owner's own API session, as a second browser would hold it. */
async function ownerSession(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/sign-in/email', { data: { email: demoEmail.cloud_kitchen, password: demoPassword } })).ok()).toBe(true);
  return api;
}

/** Opens the demo kitchen around the clock, so the journey does not depend on the hour it runs. */
async function openAllDay(api: APIRequestContext): Promise<KitchenProfile> {
  const current = (await (await api.get('/api/kitchen/profile')).json()) as KitchenProfile;
  const { id: _id, kitchenType: _type, isOpen: _isOpen, openNow: _openNow, ...input } = current;
  const openingHours = Array.from({ length: 7 }, (_, day) => ({ day, opens: '00:00', closes: '23:59' }));
  const saved = await api.put('/api/kitchen/profile', { data: { ...input, openingHours } });
  expect(saved.status()).toBe(200);
  expect((await api.put('/api/kitchen/open', { data: { isOpen: true } })).status()).toBe(200);
  return current;
}

test('a new user applies, an admin approves in another browser, and the new owner gets the kitchen dashboard', async ({ page, browser, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await page.goto('/apply-cloud-kitchen');
  const fields = kitchenCopy.application.fields;
  const businessName = `Nonna Rosa ${Date.now()}`;
  await page.getByLabel(fields.businessName).fill(businessName);
  await page.getByLabel(fields.kitchenType).selectOption('commercial');
  // Far from the Georgetown customers of the other journeys, whose nearby kitchens it must not join.
  await page.getByLabel(fields.streetAddress).fill('901 Bagby St');
  await page.getByLabel(fields.city).fill('Houston');
  await page.getByLabel(fields.state).selectOption('TX');
  await page.getByLabel(fields.zipCode).fill('77002');
  await page.getByLabel(fields.contactPhone).fill('512 555 0199');
  await page.getByLabel(fields.foodSafetyCertificate).fill('TX-FS-2026-1');
  await page.getByLabel(fields.cuisine).fill('Italian');
  await page.getByLabel(fields.description).fill('Fresh pasta made every morning.');
  await page.getByRole('button', { name: kitchenCopy.application.submit }).click();
  await expect(page.getByRole('heading', { name: kitchenCopy.application.pendingTitle })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/admin/applications');
  await admin.getByRole('button', { name: kitchenCopy.review.open(businessName) }).click();
  const review = admin.getByRole('dialog', { name: businessName });
  await expect(review.getByText('TX-FS-2026-1')).toBeVisible();
  await review.getByRole('button', { name: kitchenCopy.review.approve }).click();
  await admin.getByRole('dialog', { name: kitchenCopy.review.approveTitle(businessName) }).getByRole('button', { name: kitchenCopy.review.approve }).click();
  await expect(admin.getByText(kitchenCopy.review.approved(businessName))).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: kitchenCopy.application.approvedTitle })).toBeVisible();
  await page.getByRole('link', { name: kitchenCopy.application.openDashboard }).click();
  await expect(page).toHaveURL(/\/cloud-kitchen$/);
  await expect(page.getByRole('heading', { name: kitchenCopy.orders.title })).toBeVisible();
  await page.getByRole('link', { name: dashboardNav.kitchen.profile }).first().click();
  await expect(page.getByLabel(kitchenCopy.profile.fields.businessName)).toHaveValue(businessName);
});

test('the demo kitchen owner adds a dish and a customer sees it on the kitchen menu', async ({ page, browser }) => {
  await loginAs(page, 'cloud_kitchen');
  await page.goto('/cloud-kitchen/menu');
  const name = `Green Chile Stew ${Date.now()}`;
  await page.getByRole('button', { name: kitchenCopy.menu.add }).click();
  const dialog = page.getByRole('dialog', { name: kitchenCopy.menu.newTitle });
  await dialog.getByLabel(kitchenCopy.menu.fields.name).fill(name);
  await dialog.getByLabel(kitchenCopy.menu.fields.description).fill('Pork and roasted Hatch chiles.');
  await dialog.getByLabel(kitchenCopy.menu.fields.price).fill('14.50');
  await dialog.getByLabel(kitchenCopy.menu.fields.dietaryTags).fill('Gluten-free, spicy');
  await dialog.getByRole('button', { name: kitchenCopy.menu.save }).click();
  await expect(page.getByText(kitchenCopy.menu.saved(name))).toBeVisible();
  await expect(page.getByRole('list', { name: kitchenCopy.menu.title }).getByText(name)).toBeVisible();
  const kitchen = (await (await page.request.get('/api/kitchen/profile')).json()) as KitchenProfile;

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(`/cloud-kitchen/${kitchen.id}/menu`);
  await expect(customer.getByRole('heading', { name })).toBeVisible();
  await expect(customer.getByRole('list', { name: `Dietary tags of ${name}` })).toContainText('gluten-free');
  await customerContext.close();
});

test("a customer's dish order arrives live with an alert that goes once the owner accepts it; the owner prepares it and marks it ready while the customer follows", async ({ page, browser, baseURL }) => {
  const ownerApi = await ownerSession(baseURL!);
  const kitchen = await openAllDay(ownerApi);
  await ownerApi.dispose();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await loginAs(owner, 'cloud_kitchen');
  await owner.goto('/cloud-kitchen');
  await expect(owner.getByText('Live', { exact: true })).toBeVisible();

  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await page.goto(`/cloud-kitchen/${kitchen.id}/menu`);
  await page.getByRole('button', { name: 'Add Cheese Enchiladas with Chili Gravy to cart' }).click();
  await expect(page.getByText(copy.cart.kitchenItemAdded)).toBeVisible();
  await page.goto('/checkout');
  const place = page.getByRole('button', { name: checkoutCopy.placeOrder });
  await expect(place).toBeEnabled();
  const asap = page.getByRole('radio', { name: new RegExp(checkoutCopy.asap) });
  if (await asap.isDisabled()) await page.locator('input[name=delivery]:not([disabled])').first().check();
  await place.click();
  await page.waitForURL(/\/order-success\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { orderNumber: string };
  await page.goto(`/orders/${orderId}`);

  const alert = owner.getByRole('alert', { name: 'Needs attention' });
  await expect(alert).toContainText(kitchenCopy.orders.newOrder(order.orderNumber));
  await owner.getByRole('button', { name: `${kitchenCopy.orders.actions.confirmed}: ${order.orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.confirmed).first()).toBeVisible();
  // Accepted, the order is no longer new: its announcement goes without anyone acknowledging it.
  // Journeys running alongside may announce orders of their own.
  await expect(alert.getByText(kitchenCopy.orders.newOrder(order.orderNumber))).toBeHidden();
  await owner.getByRole('button', { name: `${kitchenCopy.orders.actions.processing}: ${order.orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.processing).first()).toBeVisible();
  await owner.getByRole('button', { name: `${kitchenCopy.orders.actions.ready}: ${order.orderNumber}` }).click();
  await expect(page.getByText(orderCopy.statuses.ready).first()).toBeVisible();
  await ownerContext.close();
});
