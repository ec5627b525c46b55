import { sql } from 'drizzle-orm';
import { hasControlCharacters } from '@/shared/contracts/common';
import type { Context } from 'hono';
import { queryRows, type Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { renderItemImage } from './render-image';

type ImageSpec = { title: string; subtitle?: string; icon: string; color: string };

const palette = ['#e11d48', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#2563eb', '#7c3aed', '#db2777'];
const colorFor = (key: string) => palette[[...key].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length]!;

const lookups: Record<string, (db: Db, key: string) => Promise<ImageSpec | undefined>> = {
  async products(db, sku) {
    const [row] = await queryRows<ImageSpec>(
      db,
      sql`select p.name as title, p.unit as subtitle, c.icon, c.color from products p join categories c on c.id = p.category_id where p.sku = ${sku}`,
    );
    return row;
  },
  async categories(db, slug) {
    const [row] = await queryRows<ImageSpec>(db, sql`select name as title, icon, color from categories where slug = ${slug}`);
    return row;
  },
  async bundles(db, id) {
    const [row] = await queryRows<{ title: string }>(db, sql`select name as title from product_bundles where id = ${id}`);
    return row && { title: row.title, subtitle: 'Bundle', icon: 'Package', color: colorFor(row.title) };
  },
  async dishes(db, id) {
    const [row] = await queryRows<{ title: string; subtitle: string }>(
      db,
      sql`select d.name as title, k.cuisine as subtitle from cloud_kitchen_products d join cloud_kitchens k on k.id = d.cloud_kitchen_id where d.id = ${id}`,
    );
    return row && { ...row, icon: 'UtensilsCrossed', color: colorFor(row.subtitle) };
  },
  async kitchens(db, id) {
    const [row] = await queryRows<{ title: string; subtitle: string }>(
      db,
      sql`select business_name as title, cuisine as subtitle from cloud_kitchens where id = ${id}`,
    );
    return row && { ...row, icon: 'ChefHat', color: colorFor(row.subtitle) };
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
