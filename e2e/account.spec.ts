import { expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures';

test('the account page edits the profile, with errors at the field', async ({ page, baseURL }) => {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('profile'), password: 'profile-pass-1', firstName: 'Pat', lastName: 'Lee' },
    headers: { origin: baseURL! },
  });
  expect(response.ok()).toBe(true);
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Pat');

  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter a valid phone number')).toBeVisible();

  await page.getByLabel('First name').fill('Patricia');
  await page.getByLabel('Phone').fill('+1 512 555 0142');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Patricia');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 512 555 0142');
  await expect(page.locator('#addresses')).toBeVisible();
});
