import { expect, test, type Page } from '@playwright/test';
import { copy } from '../src/shared/copy';
import { formatMoney } from '../src/shared/money';
import { activeWarehouses as readActiveWarehouses, addresses, createCustomer, loginAs, places, productPricedApart } from './fixtures';

const activeWarehouses = [
  ['Georgetown', 'Georgetown, TX'],
  ['Austin Central', 'Austin, TX'],
  ['Jersey City', 'Jersey City, NJ'],
  ['Newark', 'Newark, NJ'],
];

test.describe('location granted in Georgetown', () => {
  test.use({ geolocation: places.georgetown, permissions: ['geolocation'] });

  test('with a saved address in Jersey City the chooser offers both warehouses', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!, [addresses.jerseyCity]);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: copy.location.chooseTitle });
    await expect(dialog).toBeVisible();
    const current = dialog.getByRole('button', { name: copy.location.useCurrentLocation });
    const saved = dialog.getByRole('button', { name: copy.location.useSavedAddress });
    await expect(current).toContainText('Georgetown');
    await expect(saved).toContainText('Jersey City');
    await expect(dialog.getByText(copy.location.withinRange)).toHaveCount(2);
    // The current location's warehouse is preselected.
    await expect(current).toBeFocused();

    await saved.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('warehouse-label')).toHaveText('Jersey City');
    await page.reload();
    await expect(page.getByTestId('warehouse-label')).toHaveText('Jersey City');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('location granted in Austin', () => {
  test.use({ geolocation: places.austin, permissions: ['geolocation'] });

  test('without an address asks for one, and the address then selects the warehouse by itself', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!);
    await page.goto('/products');
    const dialog = page.getByRole('dialog', { name: copy.location.addAddressTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(copy.location.addAddressWithLocation);
    await expect(dialog).toContainText('Austin Central');
    await dialog.getByRole('button', { name: copy.location.addMyAddress }).click();
    await expect(page).toHaveURL('/account#addresses');

    // The form it asked for is open, ready to type in.
    const form = page.getByRole('form', { name: 'New address' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Label')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Add address' })).toHaveCount(0);
    await form.getByLabel('Street address').fill(addresses.austin.streetAddress);
    await form.getByLabel('City').fill(addresses.austin.city);
    await form.getByLabel('State').selectOption(addresses.austin.state);
    await form.getByLabel('ZIP code').fill(addresses.austin.zipCode);
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved')).toBeVisible();
    await expect(page.getByRole('listitem', { name: addresses.austin.streetAddress })).toContainText('Default');

    // The check repeats every 5 seconds while nothing is selected; location and address agree, so no dialog.
    await expect(page.getByTestId('warehouse-label')).toHaveText('Austin Central', { timeout: 12_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/** The header's warehouse, and a product on /products showing that warehouse's price rather than `otherName`'s. */
async function expectBrowsing(page: Page, name: string, otherName: string) {
  await expect(page.getByTestId('warehouse-label')).toHaveText(name);
  const warehouses = await readActiveWarehouses(page.request);
  const idOf = (wanted: string) => warehouses.find((warehouse) => warehouse.name === wanted)!.id;
  const product = await productPricedApart(page.request, idOf(name), idOf(otherName));
  const card = page.getByRole('article', { name: product.name, exact: true });
  await expect(card).toContainText(formatMoney(product.price));
}

test.describe('location granted in Jersey City', () => {
  test.use({ geolocation: places.jerseyCity, permissions: ['geolocation'] });

  test("a new customer who answers 'Not now' browses Jersey City, and is not asked again on reload", async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!);
    await page.goto('/products');
    const dialog = page.getByRole('dialog', { name: copy.location.addAddressTitle });
    await expect(dialog).toContainText('Jersey City');
    await dialog.getByRole('button', { name: copy.location.notNow }).click();
    await expect(dialog).toBeHidden();
    await expectBrowsing(page, 'Jersey City', 'Georgetown');
    // Nothing is chosen: the position decides only while it is in service.
    expect(await page.evaluate(() => localStorage.getItem('selectedWarehouse'))).toBeNull();

    // The page load asks for Jersey City's catalog from the start, never the default's.
    const jerseyCity = (await readActiveWarehouses(page.request)).find((warehouse) => warehouse.name === 'Jersey City')!;
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') productRequests.push(request.url());
    });
    await page.reload();
    await expectBrowsing(page, 'Jersey City', 'Georgetown');
    expect(productRequests.length).toBeGreaterThan(0);
    for (const url of productRequests) expect(new URL(url).searchParams.get('warehouseId')).toBe(jerseyCity.id);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The check repeats every 5 seconds; it does not bring the answered dialog back either.
    await page.waitForTimeout(5_500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the account page never asks for the address its own form takes', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!);
    await page.goto('/account#addresses');
    await expect(page.getByRole('heading', { name: 'Addresses', exact: true })).toBeVisible();
    // The check has run (the header follows the position) and keeps repeating, without the dialog.
    await expect(page.getByTestId('warehouse-label')).toHaveText('Jersey City');
    await page.waitForTimeout(5_500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Set aside there, not answered: elsewhere the next check (every 5 seconds) asks.
    await page.getByRole('link', { name: 'Products' }).first().click();
    await expect(page.getByRole('dialog', { name: copy.location.addAddressTitle })).toBeVisible({ timeout: 12_000 });
  });
});

test.describe('the header warehouse chip', () => {
  test('opens the chooser for a guest; choosing Newark changes the header and the prices', async ({ page }) => {
    await page.goto('/products');
    await expectBrowsing(page, 'Georgetown', 'Newark');
    await page.getByRole('button', { name: `${copy.location.changeWarehouse} (Georgetown)` }).click();
    const dialog = page.getByRole('dialog', { name: copy.location.pickTitle });
    for (const [name, location] of activeWarehouses) {
      await expect(dialog.getByRole('button', { name: new RegExp(`^${name} ${location}`) })).toBeVisible();
    }
    await expect(dialog.getByText(/San Antonio/)).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Newark Newark, NJ/ }).click();
    await expect(dialog).toBeHidden();
    await expectBrowsing(page, 'Newark', 'Georgetown');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('selectedWarehouse') ?? 'null'))).toMatchObject({ name: 'Newark' });

    await page.reload();
    await expectBrowsing(page, 'Newark', 'Georgetown');
  });

  test.describe('for a customer whose location and address agree', () => {
    test.use({ geolocation: places.georgetown, permissions: ['geolocation'] });

    test('opens the chooser; choosing Newark changes the header and the prices', async ({ page, baseURL }) => {
      await createCustomer(page.request, baseURL!, [addresses.georgetown]);
      await page.goto('/products');
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('selectedWarehouse') ?? 'null')?.name)).toBe('Georgetown');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: `${copy.location.changeWarehouse} (Georgetown)` }).click();
      const dialog = page.getByRole('dialog', { name: copy.location.pickTitle });
      await expect(dialog.getByRole('button', { name: /^Georgetown Georgetown, TX/ })).toHaveAttribute('aria-current', 'true');
      await dialog.getByRole('button', { name: /^Newark Newark, NJ/ }).click();
      await expect(dialog).toBeHidden();
      await expectBrowsing(page, 'Newark', 'Georgetown');
      // The choice stands: the check does not override it.
      await page.waitForTimeout(5_500);
      await expect(page.getByTestId('warehouse-label')).toHaveText('Newark');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
});

test.describe('location granted in Seattle', () => {
  test.use({ geolocation: places.seattle, permissions: ['geolocation'] });

  test('is not in the service area: without an address nothing serves the customer', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: copy.location.notAvailableTitle })).toBeVisible();
  });

  test('is not in the service area: the saved address decides', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!, [addresses.austin]);
    await page.goto('/');
    await expect(page.getByTestId('warehouse-label')).toHaveText('Austin Central');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('location refused', () => {
  test('with no address, Service Not Available lists the active warehouses and choosing one sets the header', async ({ page, baseURL }) => {
    await createCustomer(page.request, baseURL!);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: copy.location.notAvailableTitle });
    await expect(dialog).toBeVisible();
    const choices = dialog.getByRole('button', { name: /, (TX|NJ)$/ });
    await expect(choices).toHaveCount(activeWarehouses.length);
    for (const [name, location] of activeWarehouses) {
      await expect(dialog.getByRole('button', { name: `${name} ${location}` })).toBeVisible();
    }
    await expect(dialog.getByText(/San Antonio/)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Newark Newark, NJ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('warehouse-label')).toHaveText('Newark');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('selectedWarehouse') ?? 'null'));
    expect(saved).toMatchObject({ name: 'Newark', location: 'Newark, NJ' });

    // Prices and stock now come from Newark.
    const productList = page.waitForResponse((response) => response.url().includes('/api/products?') && response.url().includes(`warehouseId=${saved.id}`));
    await page.getByRole('link', { name: 'Products' }).first().click();
    expect((await productList).ok()).toBe(true);
  });

  test('the demo customer is served from the Georgetown address without a dialog', async ({ page }) => {
    await loginAs(page, 'customer');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('selectedWarehouse') ?? 'null')?.name), { timeout: 15_000 })
      .toBe('Georgetown');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a permission known to be denied asks first, then falls back', async ({ page, baseURL, context }) => {
    await createCustomer(page.request, baseURL!);
    // Playwright can only grant; Chromium's own protocol can deny, for this browser context.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'geolocation' },
      setting: 'denied',
      origin: baseURL!,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto('/');
    const access = page.getByRole('dialog', { name: copy.location.accessTitle });
    await expect(access).toBeVisible();
    await access.getByRole('button', { name: copy.location.continueWithout }).click();
    await expect(page.getByRole('dialog', { name: copy.location.notAvailableTitle })).toBeVisible();
  });
});

test.describe('nearby cloud kitchens', () => {
  test('the demo customer sees the kitchens near the Georgetown address, nearest first, with distances', async ({ page }) => {
    await loginAs(page, 'customer');
    await page.goto('/cloud-kitchens');
    const list = page.getByRole('list', { name: 'Cloud kitchens' });
    const cards = list.getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('San Gabriel Tex-Mex Kitchen');
    await expect(cards.nth(1)).toContainText('Brushy Creek Comfort Co.');
    await expect(cards.nth(2)).toContainText('Saffron Table');
    const distances = await cards.getByText(/mi away$/).allTextContents();
    const miles = distances.map((text) => Number.parseFloat(text));
    expect(miles).toHaveLength(3);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.every((m) => m <= 40)).toBe(true);
    await expect(list.getByText('Seoul Bowl Kitchen')).toHaveCount(0);
  });

  test.describe('a guest in Jersey City', () => {
    test.use({ geolocation: { latitude: 40.7178, longitude: -74.0431 }, permissions: ['geolocation'] });

    test('sees the New Jersey kitchens around their position', async ({ page }) => {
      await page.goto('/cloud-kitchens');
      const list = page.getByRole('list', { name: 'Cloud kitchens' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.getByRole('listitem').first()).toContainText('Seoul Bowl Kitchen');
      await expect(list.getByText('San Gabriel Tex-Mex Kitchen')).toHaveCount(0);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ck-last-coords') ?? 'null'))).toMatchObject({ lat: 40.7178, lng: -74.0431 });
    });
  });
});
