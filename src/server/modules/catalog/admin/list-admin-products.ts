import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminProductPage } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { categories, products } from '../catalog.tables';
import { assertAdmin } from './catalog-admin-errors';

/** Every product of the catalog, sold or not, searched by name, brand or SKU and filtered by category. */
export async function listAdminProducts(options: {
  db: Db;
  viewer: Viewer;
  q?: string;
  categoryId?: string;
  page: number;
  pageSize: number;
}): Promise<AdminProductPage> {
  const { db, page, pageSize } = options;
  assertAdmin(options.viewer);
  const conditions: SQL[] = [];
  if (options.categoryId) conditions.push(eq(products.categoryId, options.categoryId));
  const q = options.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.brand, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        brand: products.brand,
        categoryName: categories.name,
        image: sql<string | null>`${products.productImages}[1]`,
        // Written out: inside a select list drizzle names the outer column without its table.
        warehouses: sql<number>`(select count(*)::int from warehouse_products wp where wp.product_id = products.id)`,
        activeWarehouses: sql<number>`(select count(*)::int from warehouse_products wp where wp.product_id = products.id and wp.active)`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { products: rows, total: total?.value ?? 0, page, pageSize };
}
