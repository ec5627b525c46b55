import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hasControlCharacters } from '@/shared/contracts/common';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { getDishPictureSubject, getKitchenPictureSubject } from '../kitchens/get-picture-subjects';
import { picturesForBundle } from './bundle-pictures';
import { bundleItems, categories, productBundles, products, subcategories, warehouseProducts } from './catalog.tables';
import { pictureForDish, pictureForKitchen } from './dish-pictures';
import { pictureForCategory, pictureForProduct } from './product-pictures';
import { renderIllustration, renderIllustrationGroup } from './render-illustration';

const palette = ['#e11d48', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#2563eb', '#7c3aed', '#db2777'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const colorFor = (key: string) => palette[[...key].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length]!;

/**
 * Products, categories, bundles, dishes and kitchens are pictured by illustrations of what they are
 * (product-pictures.ts, bundle-pictures.ts, dish-pictures.ts). Dishes and kitchens belong to the
 * kitchens module, which says what their pictures are drawn from.
 */
const illustrated: Record<string, (db: Db, key: string) => Promise<string | undefined>> = {
  async products(db, sku) {
    const [row] = await db
      .select({ name: products.name, categorySlug: categories.slug, subcategorySlug: subcategories.slug, color: categories.color })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(products.sku, sku));
    return row && renderIllustration({ icon: pictureForProduct(row).icon, title: row.name, color: row.color });
  },
  async categories(db, slug) {
    const [row] = await db.select({ name: categories.name, color: categories.color }).from(categories).where(eq(categories.slug, slug));
    return row && renderIllustration({ icon: pictureForCategory(slug), title: row.name, color: row.color });
  },
  async bundles(db, id) {
    if (!uuidPattern.test(id)) return undefined;
    const [bundle] = await db.select({ name: productBundles.name }).from(productBundles).where(eq(productBundles.id, id));
    if (!bundle) return undefined;
    const items = await db
      .select({
        name: products.name,
        categorySlug: categories.slug,
        subcategorySlug: subcategories.slug,
        quantity: bundleItems.quantity,
        price: sql<number>`coalesce((select avg(${warehouseProducts.price}) from ${warehouseProducts} where ${warehouseProducts.productId} = ${products.id}), 0)::float8`,
      })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(bundleItems.bundleId, id));
    return renderIllustrationGroup({ icons: picturesForBundle({ name: bundle.name, items }), title: bundle.name, color: colorFor(bundle.name) });
  },
  async dishes(db, dishId) {
    const dish = uuidPattern.test(dishId) ? await getDishPictureSubject({ db, dishId }) : undefined;
    return dish && renderIllustration({ icon: pictureForDish(dish).icon, title: dish.name, color: colorFor(dish.cuisine) });
  },
  async kitchens(db, kitchenId) {
    const kitchen = uuidPattern.test(kitchenId) ? await getKitchenPictureSubject({ db, kitchenId }) : undefined;
    return kitchen && renderIllustration({ icon: pictureForKitchen(kitchen.cuisine), title: kitchen.name, color: colorFor(kitchen.cuisine) });
  },
};

/**
 * The SKU, slug or id a picture's file name stands for. The router has already percent-decoded it
 * (leaving a malformed sequence such as %FF as it was, so decoding again would throw or decode twice);
 * a name no catalog key can have is no picture.
 */
function mediaKey(file: string | undefined): string | undefined {
  const key = (file ?? '').replace(/\.svg$/, '');
  return key && key.length <= 200 && !hasControlCharacters(key) ? key : undefined;
}

export const mediaCacheControl = 'public, max-age=604800, stale-while-revalidate=2592000';

async function picture(db: Db, kind: string, key: string): Promise<string | undefined> {
  // Own keys only: a kind such as 'constructor' must not reach what every object inherits.
  const illustrate = Object.hasOwn(illustrated, kind) ? illustrated[kind] : undefined;
  return illustrate?.(db, key);
}

/** A short fingerprint of a picture, so a browser holding it is answered 304 when it asks again. */
function etagOf(svg: string) {
  return `"${createHash('sha1').update(svg).digest('base64url').slice(0, 16)}"`;
}

/**
 * Catalog pictures drawn on request from the catalog itself. Browsers and caches keep them for a week
 * and may show a kept one for a month while asking again: a picture changes only when its item is
 * renamed or moved, and the ETag makes asking again cheap.
 */
export function createMediaRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().get('/:kind/:file{.+\\.svg}', async (c: Context<AppEnv>) => {
    const kind = c.req.param('kind');
    const key = mediaKey(c.req.param('file'));
    const svg = kind && key !== undefined ? await picture(db, kind, key) : undefined;
    if (!svg) throw new AppError({ kind: 'NOT_FOUND', message: 'No such image.' });
    const etag = etagOf(svg);
    const headers = { 'cache-control': mediaCacheControl, etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
  });
}
