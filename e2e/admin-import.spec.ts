import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { importCopy } from '../src/shared/staff-copy';
import { addresses, createCustomer, loginAs } from './fixtures';

/** The template's header with our own rows, each cell chosen by its column. */
function csvFrom(header: string[], products: { sku: string; name: string; category: string }[]) {
  const rows = products.map((product) =>
    header.map((column) => {
      if (column === 'sku' || column === 'name' || column === 'category') return product[column];
      if (column === 'unit') return '500 ml';
      if (column.startsWith('price_cents:')) return '599';
      if (column.startsWith('stock:')) return '40';
      if (column.startsWith('active:')) return 'true';
      return '';
    }),
  );
  return Buffer.from(Papa.unparse([header, ...rows]));
}

test('an admin downloads the template, fixes a file the server refused, imports it, and a customer finds the product', async ({ page, browser, baseURL }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/catalog/import');
  await expect(page.getByRole('heading', { name: importCopy.title, level: 1 })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: importCopy.template }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [header, example] = Papa.parse<string[]>((await readFile((await download.path())!, 'utf8')).trim()).data;
  expect(header!.slice(0, 3)).toEqual(['sku', 'name', 'brand']);
  expect(header!.some((column) => column.startsWith('price_cents:'))).toBe(true);
  const category = example![header!.indexOf('category')]!;

  const file = page.getByLabel(importCopy.fileLabel);
  const products = [
    { sku: 'E2E-KOMBUCHA', name: 'Zephyrine Ginger Kombucha', category },
    { sku: 'E2E-SELTZER', name: '', category },
  ];
  await file.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csvFrom(header!, products) });
  const errors = page.locator('section', { has: page.getByRole('heading', { name: importCopy.errorsHeading }) });
  await expect(errors.getByRole('row').nth(1)).toHaveText(['3', 'name', importCopy.refusals.required].join(''));
  await expect(page.getByRole('button', { name: importCopy.importAll(1) })).toBeDisabled();

  products[1]!.name = 'Zephyrine Lime Seltzer';
  await file.setInputFiles({ name: 'products-fixed.csv', mimeType: 'text/csv', buffer: csvFrom(header!, products) });
  await expect(page.getByText(importCopy.noErrors)).toBeVisible();
  await page.getByRole('button', { name: importCopy.importAll(2) }).click();
  await expect(page.getByRole('heading', { name: importCopy.summaryHeading })).toBeVisible();
  await expect(page.getByText(importCopy.summary.created).locator('xpath=following-sibling::dd')).toHaveText('2');

  // The customer, in a browser of their own, finds the new product by searching for it.
  const customerContext = await browser.newContext({ baseURL });
  const shopper = await customerContext.newPage();
  await createCustomer(shopper.request, baseURL!, [addresses.georgetown]);
  await shopper.goto('/products?q=Zephyrine%20Kombucha');
  await expect(shopper.getByText('Zephyrine Ginger Kombucha').first()).toBeVisible();
  await customerContext.close();
});
