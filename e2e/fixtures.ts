import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
