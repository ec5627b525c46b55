import { expect, test } from '@playwright/test';
import { copy } from '../src/shared/copy';
import { demoEmail, demoPassword, places, signIn } from './fixtures';

// The server's PUBLIC_URL is http://localhost:<port>; the same server opened by its IP address is the same app.
test.describe('the app opened at 127.0.0.1 instead of localhost', () => {
  test.use({ geolocation: places.georgetown, permissions: ['geolocation'] });

  test('signs in the demo customer and loads the home page with its nearby kitchens', async ({ page, baseURL }) => {
    const base = baseURL!.replace('//localhost:', '//127.0.0.1:');
    expect(base).not.toBe(baseURL);

    await page.goto(`${base}/auth`);
    // The kitchens near the customer's address are fetched (a POST) as soon as they are signed in.
    const kitchens = page.waitForResponse((response) => response.url().endsWith('/api/kitchens/nearby'));
    await signIn(page, demoEmail.customer, demoPassword);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    expect((await kitchens).status()).toBe(200);

    // The session holds on a full page load by this address, and the kitchens list shows them.
    await page.goto(`${base}/cloud-kitchens`);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByTestId('warehouse-label')).toHaveText('Georgetown');
    await expect(page.getByRole('list', { name: 'Cloud kitchens' }).getByText('San Gabriel Tex-Mex Kitchen')).toBeVisible();
    await expect(page.getByText(copy.kitchens.loadFailed)).toHaveCount(0);
  });
});
