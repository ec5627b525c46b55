import { expect, test, type Page } from '@playwright/test';
import { adminCopy, catalogAdminCopy } from '../src/shared/staff-copy';
import type { AdminOverview } from '../src/shared/contracts/admin';
import { loginAs } from './fixtures';

const words = catalogAdminCopy.offers;
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

async function shoot(page: Page, name: string) {
  for (const [label, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
}

test('the admin sets a discount on every product and a BOGO offer for next month, and both are listed as such', async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  await loginAs(page, 'admin');

  await page.goto('/admin/catalog/discounts');
  await page.getByRole('button', { name: 'New discount' }).click();
  const discount = page.getByRole('form', { name: 'New discount' });
  await discount.getByLabel('Name', { exact: true }).fill(`Everything 20+ ${suffix}`);
  await discount.getByLabel('Applies to').selectOption({ label: words.scopeAll });
  await expect(discount.getByText(words.allProductsNote)).toBeVisible();
  await discount.getByLabel('Minimum quantity').fill('20');
  await discount.getByLabel('Percentage off').fill('5');
  await shoot(page, 'discount-on-every-product');
  await discount.getByRole('button', { name: 'Save discount' }).click();
  await expect(page.getByText(catalogAdminCopy.toasts.discountSaved)).toBeVisible();
  const discountRow = page.getByRole('list', { name: 'Discounts' }).getByRole('listitem').filter({ hasText: `Everything 20+ ${suffix}` });
  await expect(discountRow.getByText(words.allProducts, { exact: true })).toBeVisible();
  await expect(discountRow.getByText(words.always, { exact: true })).toBeVisible();

  const start = new Date();
  start.setMonth(start.getMonth() + 1, 1);
  const end = new Date(start);
  end.setDate(8);
  const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

  await page.goto('/admin/catalog/offers');
  await page.getByRole('button', { name: 'New offer' }).click();
  const offer = page.getByRole('form', { name: 'New offer' });
  await offer.getByLabel('Name', { exact: true }).fill(`Next month 1+1 ${suffix}`);
  await offer.getByRole('searchbox').fill('banana');
  await offer.getByRole('button', { name: /banana/i }).first().click();
  await offer.getByLabel(words.startsAt).fill(day(end));
  await offer.getByLabel(words.endsAt).fill(day(start));
  await offer.getByRole('button', { name: 'Save offer' }).click();
  await expect(offer.getByText('Must be after the start')).toBeVisible();
  await offer.getByLabel(words.startsAt).fill(day(start));
  await offer.getByLabel(words.endsAt).fill(day(end));
  await shoot(page, 'offer-with-window');
  await offer.getByRole('button', { name: 'Save offer' }).click();
  await expect(page.getByText(catalogAdminCopy.toasts.offerSaved)).toBeVisible();
  const offerRow = page.getByRole('list', { name: 'Offers' }).getByRole('listitem').filter({ hasText: `Next month 1+1 ${suffix}` });
  await expect(offerRow).toContainText(words.notStarted);
  await shoot(page, 'offers-list');

  // Not started: shoppers are not offered it yet.
  const deals = await (await page.request.get('/api/deals')).json();
  expect(deals.bogoOffers.map((deal: { name: string }) => deal.name)).not.toContain(`Next month 1+1 ${suffix}`);
});

test('the overview of a period with no sales labels its axes once each', async ({ page }) => {
  await loginAs(page, 'admin');
  // Other specs place orders on the shared database: the server's own overview, with its days' sales taken out.
  await page.route('**/api/admin/overview*', async (route) => {
    const overview = (await (await route.fetch()).json()) as AdminOverview;
    const perDay = overview.perDay.map((day) => ({ ...day, orders: 0, revenue: 0 }));
    await route.fulfill({ json: { ...overview, perDay, totals: { ...overview.totals, orders: 0, revenue: 0 } } });
  });
  await page.goto('/admin');
  const chart = page.getByRole('img', { name: /Orders and revenue per day: 0 orders, \$0\.00/ });
  await expect(chart).toBeVisible();
  const revenue = chart.locator('.recharts-yAxis-tick-labels').nth(1).locator('.recharts-cartesian-axis-tick-value');
  await expect(revenue).toHaveText(['$0', '$1', '$2', '$3', '$4']);
  await expect(page.getByRole('heading', { name: adminCopy.overview.title })).toBeVisible();
  await shoot(page, 'overview-no-revenue');
});
