import { expect, test } from '@playwright/test';
import { dashboardNav, supportTicketCopy } from '../src/shared/copy';
import { infoCopy } from '../src/shared/info-copy';
import { loginAs, uniqueEmail } from './fixtures';

test('a guest sends the contact form and a support agent, in another browser, finds the ticket and resolves it', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const contact = infoCopy.contact;
  const email = uniqueEmail('guest');

  // A guest with no account writes in; mistakes are shown at the fields first.
  await page.goto('/contact');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByRole('textbox', { name: contact.name })).toHaveAccessibleDescription('Name is required');
  await page.getByRole('textbox', { name: contact.name }).fill('Gina Guest');
  await page.getByRole('textbox', { name: contact.email }).fill(email);
  await page.getByRole('combobox', { name: contact.topic }).selectOption({ label: supportTicketCopy.topics.delivery });
  await page.getByRole('textbox', { name: contact.message }).fill('The driver left my bags at the wrong door.');
  await page.getByRole('button', { name: contact.submit }).click();
  const sent = page.getByRole('status').filter({ hasText: contact.sent });
  await expect(sent).toBeVisible();
  const reference = (await sent.textContent())!.match(/T-[0-9A-F]{8}/)![0];

  // Support, signed in elsewhere, finds it from the dashboard's navigation.
  const supportContext = await browser.newContext({ baseURL });
  const support = await supportContext.newPage();
  await loginAs(support, 'support');
  await support.goto('/support-dashboard');
  await support.getByRole('link', { name: dashboardNav.support.tickets }).first().click();
  await expect(support.getByRole('heading', { name: supportTicketCopy.list.title })).toBeVisible();
  const card = support.getByRole('listitem').filter({ hasText: email });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: supportTicketCopy.list.open(reference) }).click();

  await expect(support.getByRole('heading', { name: reference })).toBeVisible();
  await expect(support.getByText('The driver left my bags at the wrong door.')).toBeVisible();
  await expect(support.getByText(supportTicketCopy.detail.guest)).toBeVisible();
  await support.getByRole('button', { name: supportTicketCopy.detail.resolve }).click();
  await expect(support.getByText(supportTicketCopy.detail.resolved)).toBeVisible();
  await expect(support.getByRole('button', { name: supportTicketCopy.detail.resolve })).toHaveCount(0);
  await supportContext.close();
});
