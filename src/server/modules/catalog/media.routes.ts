import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hasControlCharacters } from '@/shared/contracts/common';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { getDishImageLabel, getKitchenImageLabel } from '../kitchens/get-image-labels';
import { categories, productBundles, products, subcategories } from './catalog.tables';
import { pictureForCategory, pictureForProduct } from './product-pictures';
import { renderIllustration } from './render-illustration';
import { renderItemImage } from './render-image';

type ImageSpec = { title: string; subtitle?: string; icon: string; color: string };

const palette = ['#e11d48', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#2563eb', '#7c3aed', '#db2777'];
const colorFor = (key: string) => palette[[...key].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length]!;

/** Products and categories are pictured by an illustration of what they are (product-pictures.ts). */
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
};

const drawn: Record<string, (db: Db, key: string) => Promise<ImageSpec | undefined>> = {
  async bundles(db, id) {
    const [row] = await db.select({ title: productBundles.name }).from(productBundles).where(eq(productBundles.id, id));
    return row && { title: row.title, subtitle: 'Bundle', icon: 'Package', color: colorFor(row.title) };
  },
  // Dishes and kitchens belong to the kitchens module, which says what their pictures show.
  async dishes(db, dishId) {
    const label = await getDishImageLabel({ db, dishId });
    return label && { ...label, icon: 'UtensilsCrossed', color: colorFor(label.subtitle) };
  },
  async kitchens(db, kitchenId) {
    const label = await getKitchenImageLabel({ db, kitchenId });
    return label && { ...label, icon: 'ChefHat', color: colorFor(label.subtitle) };
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function picture(db: Db, kind: string, key: string): Promise<string | undefined> {
  // Own keys only: a kind such as 'constructor' must not reach what every object inherits.
  const illustrate = Object.hasOwn(illustrated, kind) ? illustrated[kind] : undefined;
  if (illustrate) return illustrate(db, key);
  const draw = Object.hasOwn(drawn, kind) ? drawn[kind] : undefined;
  if (!draw || !uuidPattern.test(key)) return undefined;
  const spec = await draw(db, key);
  return spec && renderItemImage(spec);
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
