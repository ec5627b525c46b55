import { expect, test } from '@playwright/test';
import type { Role } from '../src/shared/roles';
import { demoEmail, demoPassword, loginAs, signIn } from './fixtures';

test('a signed-out visit to /orders goes to /auth and returns to /orders after sign-in', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL('/auth');
  await signIn(page, demoEmail.customer, demoPassword);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});

const staffHomes: { role: Role; path: string; heading: string }[] = [
  { role: 'admin', path: '/admin', heading: 'Overview' },
  { role: 'manager', path: '/manager', heading: 'Order queue' },
  { role: 'driver', path: '/driver', heading: 'Deliveries' },
  { role: 'cloud_kitchen', path: '/cloud-kitchen', heading: 'Incoming orders' },
  { role: 'support', path: '/support-dashboard', heading: 'Refunds and returns' },
];

for (const { role, path, heading } of staffHomes) {
  test(`the ${role} demo account landing on / reaches ${path}`, async ({ page }) => {
    await loginAs(page, role);
    await page.goto('/');
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  });
}

test('a customer opening /admin lands on /', async ({ page }) => {
  await loginAs(page, 'customer');
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
});

test('a signed-out visit to a dashboard goes to /auth', async ({ page }) => {
  await page.goto('/manager');
  await expect(page).toHaveURL('/auth');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('/cloud-kitchen-application is the same page as /apply-cloud-kitchen, /support stays public', async ({ page }) => {
  await loginAs(page, 'customer');
  await page.goto('/cloud-kitchen-application');
  const heading = page.getByRole('heading', { level: 1 });
  const aliasTitle = await heading.textContent();
  await page.goto('/apply-cloud-kitchen');
  await expect(heading).toHaveText(aliasTitle ?? '');
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
});

test('header and footer carry the links and promises', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByText('Georgetown')).toBeVisible();
  for (const name of ['Home', 'Products', 'Recent']) {
    await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();
  }
  await expect(header.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of ['Shop Groceries', 'Categories', 'Track Order', 'Cloud Kitchens', 'Help Center', 'Contact Us', 'Returns', 'Support', 'Privacy Policy', 'Terms of Service']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const promise of ['Free delivery', 'Quality guaranteed', 'Same-day delivery']) {
    await expect(footer.getByText(promise)).toBeVisible();
  }
  await expect(footer.getByText('© 2024')).toBeVisible();
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await expect(page.getByText('Add products to get started')).toBeVisible();
});

test('each route change scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/help-center');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL('/returns');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the admin test runner shows a live result per dependency', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/test-runner');
  await expect(page.getByRole('heading', { name: 'Test runner' })).toBeVisible();
  const database = page.getByRole('row', { name: /Database/ });
  await expect(database).toContainText('Pass');
  await expect(database).toContainText('pglite');
  await expect(page.getByRole('row', { name: /Migrations/ })).toContainText('Pass');
  await expect(page.getByRole('row', { name: /Mail/ })).toContainText('Pass');
});

test('the offline banner shows while offline and hides on reconnect', async ({ page, context }) => {
  await page.goto('/');
  // The app, not the page painted from index.html, whose scripts are fetched after the load event (ADR 058).
  await expect(page.getByRole('main')).toBeVisible();
  const banner = page.getByText('No internet connection. Please check your network settings.');
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});
