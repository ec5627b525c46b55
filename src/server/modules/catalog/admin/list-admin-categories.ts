import { asc, sql } from 'drizzle-orm';
import type { AdminCategory } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { categories, subcategories } from '../catalog.tables';
import { assertAdmin } from './catalog-admin-errors';

/** Every category in its shop order, with its subcategories and how many products it holds. */
export async function listAdminCategories(options: { db: Db; viewer: Viewer }): Promise<AdminCategory[]> {
  const { db } = options;
  assertAdmin(options.viewer);
  const [rows, subs] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        sortOrder: categories.sortOrder,
        // Written out: inside a select list drizzle names the outer column without its table, which the subquery would take for its own.
        productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id)`,
      })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select().from(subcategories).orderBy(asc(subcategories.sortOrder), asc(subcategories.name)),
  ]);
  return rows.map((category) => ({ ...category, subcategories: subs.filter((sub) => sub.categoryId === category.id) }));
}
