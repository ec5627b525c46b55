import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutCopy, copy } from '../src/shared/copy';
import type { Role } from '../src/shared/roles';

export const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password';

export const demoEmail: Record<Role, string> = {
  customer: 'customer@demo.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  driver: 'driver@demo.test',
  cloud_kitchen: 'kitchen@demo.test',
  support: 'support@demo.test',
};

/** A unique address per test, so tests never share an account. */
export function uniqueEmail(prefix = 'shopper') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export async function signIn(page: Page, email: string, password: string) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in one of the seeded demo accounts from the sign-in page. */
export async function loginAs(page: Page, role: Role) {
  await page.goto('/auth');
  await signIn(page, demoEmail[role], demoPassword);
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

export interface AddressFields {
  label?: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
}

export const places = {
  georgetown: { latitude: 30.6333, longitude: -97.677 },
  austin: { latitude: 30.2711, longitude: -97.7437 },
  seattle: { latitude: 47.6062, longitude: -122.3321 },
  jerseyCity: { latitude: 40.7178, longitude: -74.0431 },
} as const;

export const addresses = {
  georgetown: { label: 'Home', streetAddress: '800 S Main St', city: 'Georgetown', state: 'TX', zipCode: '78626' },
  austin: { label: 'Home', streetAddress: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' },
  jerseyCity: { label: 'Work', streetAddress: '30 Montgomery St', city: 'Jersey City', state: 'NJ', zipCode: '07302' },
} satisfies Record<string, AddressFields>;

/**
 * A new customer, signed in in this browser (the API shares the page's cookies), with the given
 * saved addresses. A customer with an address in a served area gets a warehouse without any dialog.
 */
export async function createCustomer(request: APIRequestContext, baseURL: string, savedAddresses: AddressFields[] = []) {
  const email = uniqueEmail('customer');
  const password = 'customer-pass-1';
  const headers = { origin: baseURL };
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password, firstName: 'Lee', lastName: 'Shopper' }, headers });
  expect(signUp.ok()).toBe(true);
  for (const address of savedAddresses) {
    const saved = await request.post('/api/addresses', { data: address, headers });
    expect(saved.status()).toBe(201);
  }
  return { email, password };
}

export interface ActiveWarehouse {
  id: string;
  name: string;
  location: string;
}

/** The active warehouses, as the header's chooser lists them. */
export async function activeWarehouses(request: APIRequestContext): Promise<ActiveWarehouse[]> {
  const response = await request.get('/api/warehouses');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ActiveWarehouse[];
}

/**
 * A product on the first page of /products whose price at `warehouseId` differs from its price at
 * `otherWarehouseId`, so a page showing that price shows the first warehouse's prices.
 */
export async function productPricedApart(request: APIRequestContext, warehouseId: string, otherWarehouseId: string) {
  const page = async (id: string) => {
    const response = await request.get(`/api/products?warehouseId=${id}`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { items: { id: string; name: string; price: number }[] }).items;
  };
  const [here, there] = await Promise.all([page(warehouseId), page(otherWarehouseId)]);
  const product = here.find((item) => {
    const other = there.find((candidate) => candidate.id === item.id);
    return other !== undefined && other.price !== item.price;
  });
  expect(product, 'a product priced differently in the two warehouses').toBeDefined();
  return product!;
}

/**
 * The signed-in customer buys bananas from the shop, paying on delivery, as soon as possible or in the
 * first open window; answers the order's id. The cart is emptied first, so the card offers Add (not the
 * stepper of an item already in the cart) and nothing left from earlier rides along; a saved address is
 * added if there is none.
 */
export async function orderBananas(page: Page, baseURL: string): Promise<string> {
  // Journeys in parallel workers may share the demo customer's cart: one at a time from emptying it to the order.
  return oneAtATime(`order-${new URL(baseURL).port}`, () => placeBananaOrder(page, baseURL));
}

/** Runs `run` while holding a lock shared by every worker (a directory: creating one is atomic); a lock older than a minute is stale. */
async function oneAtATime<T>(name: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `freshcart-e2e-${name}.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 60_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function placeBananaOrder(page: Page, baseURL: string): Promise<string> {
  const headers = { origin: baseURL };
  const saved = (await (await page.request.get('/api/addresses')).json()) as unknown[];
  if (saved.length === 0) expect((await page.request.post('/api/addresses', { data: addresses.georgetown, headers })).status()).toBe(201);
  expect((await page.request.delete('/api/cart/items', { headers })).ok()).toBe(true);
  await page.goto(`/products?q=${encodeURIComponent('Bananas')}`);
  await page.getByRole('button', { name: 'Add Bananas to cart', exact: true }).click();
  await expect(page.getByText(copy.cart.added)).toBeVisible();
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
  return new URL(page.url()).searchParams.get('order')!;
}
