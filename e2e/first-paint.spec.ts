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

for (const width of [390, 1280]) {
  test.describe(`the product list at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('paints its first pictures before its scripts run, and the app replaces them with the cards in place', async ({ page, browser }) => {
      await openWithoutScripts(page, '/products');
      await expect(page.locator('h1', { hasText: 'Products' })).toBeVisible();
      // The first row's pictures from the list index.html asked for, in the product skeleton.
      const pictures = page.locator('#root [data-picture-slot] img');
      await expect(pictures).toHaveCount(4);
      for (const picture of await pictures.all()) await expect(picture).toHaveJSProperty('complete', true);
      expect(await pictures.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      const firstPicture = await pictures.first().getAttribute('src');
      const slotBox = await page.locator('#root [data-picture-slot]').first().boundingBox();
      const before = await headingBox(page, 'Products');

      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const app = await context.newPage();
      await app.goto('/products');
      const cards = app.getByRole('list', { name: 'Products' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      await expect(app.locator('[inert]')).toHaveCount(0);
      expect(await headingBox(app, 'Products')).toEqual(before);
      // The first card shows the first picture, where the painted page showed it, asked for first.
      const image = cards.first().getByRole('img');
      await expect(image).toHaveAttribute('src', firstPicture!);
      await expect(image).toHaveAttribute('fetchpriority', 'high');
      await expect(image).toHaveAttribute('loading', 'eager');
      expect(await image.boundingBox()).toEqual(slotBox);
      await expect(cards.nth(4).getByRole('img')).toHaveAttribute('loading', 'lazy');
      await context.close();
    });
  });
}

test('the product list is asked for once, by index.html, and its cards show it', async ({ page }) => {
  const lists: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') lists.push(request.url());
  });
  await page.goto('/products');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  // All of the page's 24, the later ones added while the browser is idle.
  await expect(cards).toHaveCount(24);
  await page.waitForLoadState('networkidle');
  expect(lists).toHaveLength(1);
  expect(new URL(lists[0]!).searchParams.get('warehouseId')).toBeNull();
  // The first pictures were asked for as soon as the list was in.
  expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(4);
});

test("the product list index.html asks for is the chosen warehouse's, and goes through the page's routes", async ({ page }) => {
  const warehouses = (await (await page.request.get('/api/warehouses')).json()) as { id: string; name: string; location: string }[];
  const chosen = warehouses.at(-1)!;
  await page.addInitScript((warehouse) => localStorage.setItem('selectedWarehouse', JSON.stringify(warehouse)), { id: chosen.id, name: chosen.name, location: chosen.location });
  const lists: string[] = [];
  await page.route(/\/api\/products\?/, async (route) => {
    lists.push(route.request().url());
    const response = await route.fetch();
    const list = (await response.json()) as { items: { name: string }[] };
    list.items[0]!.name = 'Routed Pear';
    await route.fulfill({ response, json: list });
  });
  await page.goto('/products');
  await expect(page.getByRole('article', { name: 'Routed Pear' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(lists).toHaveLength(1);
  expect(new URL(lists[0]!).searchParams.get('warehouseId')).toBe(chosen.id);
});

test("when index.html's request for the product list fails, the page asks again and shows the cards", async ({ page }) => {
  let failed = false;
  await page.route(/\/api\/products\?/, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort('connectionreset');
  });
  await page.goto('/products');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('other pages and addresses with a query string paint nothing before the app', async ({ page }) => {
  for (const url of ['/cloud-kitchens', '/?q=milk', '/products?q=milk', '/auth']) {
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
