import { eq } from 'drizzle-orm';
import { hasControlCharacters } from '@/shared/contracts/common';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { getDishImageLabel, getKitchenImageLabel } from '../kitchens/get-image-labels';
import { categories, productBundles, products } from './catalog.tables';
import { renderItemImage } from './render-image';

type ImageSpec = { title: string; subtitle?: string; icon: string; color: string };

const palette = ['#e11d48', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#2563eb', '#7c3aed', '#db2777'];
const colorFor = (key: string) => palette[[...key].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length]!;

const lookups: Record<string, (db: Db, key: string) => Promise<ImageSpec | undefined>> = {
  async products(db, sku) {
    const [row] = await db
      .select({ title: products.name, subtitle: products.unit, icon: categories.icon, color: categories.color })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.sku, sku));
    return row;
  },
  async categories(db, slug) {
    const [row] = await db.select({ title: categories.name, icon: categories.icon, color: categories.color }).from(categories).where(eq(categories.slug, slug));
    return row;
  },
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Catalog pictures drawn on request from the catalog itself; cached by browsers for a day. */
export function createMediaRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().get('/:kind/:file{.+\\.svg}', async (c: Context<AppEnv>) => {
    const kind = c.req.param('kind');
    const key = mediaKey(c.req.param('file'));
    const lookup = kind ? lookups[kind] : undefined;
    const needsUuid = kind === 'bundles' || kind === 'dishes' || kind === 'kitchens';
    if (!lookup || key === undefined || (needsUuid && !uuidPattern.test(key))) throw new AppError({ kind: 'NOT_FOUND', message: 'No such image.' });
    const spec = await lookup(db, key);
    if (!spec) throw new AppError({ kind: 'NOT_FOUND', message: 'No such image.' });
    return c.body(renderItemImage(spec), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    });
  });
}
