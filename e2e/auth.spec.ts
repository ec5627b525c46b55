import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures';

test('a new customer signs up, signs out and signs back in', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-9');
  await page.getByLabel('Referral code (optional)').fill('FRIEND10');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page).toHaveURL('/');
  // A new customer without an address or location picks the warehouse to shop from.
  const warehouses = page.getByRole('dialog', { name: 'Service Not Available in Your Area' });
  await warehouses.getByRole('button', { name: 'Georgetown Georgetown, TX' }).click();
  await expect(warehouses).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out')).toBeVisible();
  await expect(page).toHaveURL('/auth');
  // The next person on this device does not inherit the warehouse choice.
  expect(await page.evaluate(() => localStorage.getItem('selectedWarehouse'))).toBeNull();

  await signIn(page, email, 'correct-horse-9');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/');
  // The browser now remembers the refusal, so the app asks about location first.
  await page.getByRole('dialog', { name: 'Location Access Required' }).getByRole('button', { name: 'Continue Without Location' }).click();
  await warehouses.getByRole('button', { name: 'Austin Central Austin, TX' }).click();
  await expect(page.getByTestId('warehouse-label')).toHaveText('Austin Central');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('a wrong password is refused with the sign-in failure toast', async ({ page }) => {
  await page.goto('/auth');
  await signIn(page, 'customer@demo.test', 'not-the-password');
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL('/auth');
});

test('sign-up shows field errors at the fields', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('a duplicate sign-up shows the server message at the email field', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill('customer@demo.test');
  await page.getByLabel('Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Sign up failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible();
});
