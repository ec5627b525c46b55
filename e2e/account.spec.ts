import { expect, test } from '@playwright/test';
import { addresses, createCustomer } from './fixtures';

test('the account page edits the profile, with errors at the field', async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Lee');

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
  await expect(page.locator('#addresses').getByRole('listitem', { name: 'Home' })).toContainText('800 S Main St, Georgetown, TX 78626');
});

test('an address with a ZIP code the map does not know is saved without a location, and the customer is told', async ({ page, baseURL }) => {
  await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await page.goto('/account#addresses');
  await page.getByRole('button', { name: 'Add address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Label').fill('Cabin');
  await form.getByLabel('Street address').fill('1 Lakeshore Dr');
  await form.getByLabel('Apartment, suite or unit').fill('Cabin 3');
  await form.getByLabel('City').fill('Nowhere');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP code').fill('00000');
  await form.getByLabel('Delivery instructions').fill('Leave it on the porch');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText("We couldn't find ZIP code 00000 on the map")).toBeVisible();
  const cabin = page.getByRole('listitem', { name: 'Cabin' });
  await expect(cabin).toContainText('Not found on the map');
  await expect(cabin).toContainText('1 Lakeshore Dr, Cabin 3, Nowhere, TX 00000');
  await expect(cabin).toContainText('Instructions: Leave it on the porch');

  await cabin.getByRole('button', { name: 'Set Cabin as default' }).click();
  await expect(cabin).toContainText('Default');
  await page.getByRole('button', { name: 'Delete Home' }).click();
  await page.getByRole('dialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete address' }).click();
  await expect(page.getByRole('listitem', { name: 'Home' })).toHaveCount(0);
});
