import { expect, test, type Page } from '@playwright/test';

/**
 * The home page paints from index.html before any of the app's JavaScript has run (ADR 054), and the
 * app's first render then replaces that picture with the same page, in place.
 */
const heroHeading = 'Everything for your table, delivered today.';

/** Opens `url` with the app's scripts refused: what shows is what index.html paints by itself. */
async function openWithoutScripts(page: Page, url: string) {
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto(url);
}

const headingBox = (page: Page, name: string) => page.locator('h1', { hasText: name }).boundingBox();

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the home page shows its hero before its scripts run, and the app replaces it in place', async ({ page, browser }) => {
      await openWithoutScripts(page, '/');
      const painted = page.locator('h1', { hasText: heroHeading });
      await expect(painted).toBeVisible();
      await expect(page.getByText('Fresh groceries · Local kitchens')).toBeVisible();
      // A picture until the app takes over: no focus, clicks or accessibility tree for controls that do nothing yet.
      await expect(page.locator('#root > *').first()).toHaveAttribute('inert', '');
      await expect(page.getByRole('heading', { name: heroHeading })).toHaveCount(0);
      const before = await headingBox(page, heroHeading);

      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const app = await context.newPage();
      const errors: string[] = [];
      app.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await app.goto('/');
      await expect(app.getByRole('heading', { name: 'Popular products' })).toBeVisible();
      await expect(app.getByRole('heading', { level: 1 })).toHaveText(heroHeading);
      await expect(app.locator('[inert]')).toHaveCount(0);
      expect(await headingBox(app, heroHeading)).toEqual(before);
      // The inline script runs under the Content-Security-Policy, which allows it by its hash.
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

test('other pages, the products page among them, and addresses with a query string paint nothing before the app', async ({ page }) => {
  for (const url of ['/products', '/cloud-kitchens', '/?q=milk', '/auth']) {
    await openWithoutScripts(page, url);
    await expect(page.locator('#root')).toBeEmpty();
    await page.unrouteAll();
  }
});

test('the page painted from index.html is in place and painting before any of the app\'s scripts is requested', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular products' })).toBeVisible();
  const { pageParsed, scriptStarts } = await page.evaluate(() => ({
    // The prepaint script at the end of the body has put the page in by then.
    pageParsed: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventEnd as number,
    scriptStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(pageParsed).toBeGreaterThan(0);
  expect(scriptStarts.length).toBeGreaterThan(10);
  expect(Math.min(...scriptStarts)).toBeGreaterThan(pageParsed);
});

test('the page painted from index.html fetches its route code beside the entry', async ({ page }) => {
  const preloaded = page.waitForRequest((request) => /\/assets\/home-[\w-]+\.js$/.test(request.url()));
  await page.goto('/');
  expect(await page.locator('link[rel="modulepreload"][href*="/assets/home-"]').count()).toBe(1);
  await preloaded;
});

test("the app's start-up runs in steps: the libraries' script has run before the app's entry is added", async ({ page }) => {
  // Each script of the app the loader adds, in order, with whether the libraries' script had run (its load
  // event, which follows its evaluation) when it was added.
  await page.addInitScript(() => {
    const added: { src: string; librariesRan: boolean }[] = [];
    let librariesRan = false;
    (window as unknown as { appScripts: typeof added }).appScripts = added;
    document.addEventListener('load', (event) => {
      if ((event.target as HTMLScriptElement).src?.includes('/assets/start-libraries-')) librariesRan = true;
    }, true);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.type === 'module' && node.src) added.push({ src: new URL(node.src).pathname, librariesRan });
    }).observe(document, { childList: true, subtree: true });
  });
  for (const url of ['/', '/products']) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeVisible();
    const added = await page.evaluate(() => (window as unknown as { appScripts: { src: string; librariesRan: boolean }[] }).appScripts);
    expect(added.map((script) => script.src.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['/assets/start-libraries', '/assets/index']);
    expect(added[1]!.librariesRan).toBe(true);
  }
});
