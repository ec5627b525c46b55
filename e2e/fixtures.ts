import { expect, type Page } from '@playwright/test';
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
