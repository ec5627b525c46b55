import { asc, eq, sql } from 'drizzle-orm';
import type { AdminDiscount, DiscountScope } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { categories, discounts, products, subcategories } from '../catalog.tables';
import { assertAdmin } from './catalog-admin-errors';

/** Every quantity discount, with what it applies to (no target: every product). */
export async function listAdminDiscounts(options: { db: Db; viewer: Viewer }): Promise<AdminDiscount[]> {
  assertAdmin(options.viewer);
  const rows = await options.db
    .select({
      id: discounts.id,
      name: discounts.name,
      productId: discounts.productId,
      subcategoryId: discounts.subcategoryId,
      categoryId: discounts.categoryId,
      targetName: sql<string | null>`coalesce(${products.name}, ${subcategories.name}, ${categories.name})`,
      minQuantity: discounts.minQuantity,
      percentage: discounts.percentage,
      validFrom: discounts.validFrom,
      validUntil: discounts.validUntil,
      active: discounts.active,
    })
    .from(discounts)
    .leftJoin(products, eq(products.id, discounts.productId))
    .leftJoin(subcategories, eq(subcategories.id, discounts.subcategoryId))
    .leftJoin(categories, eq(categories.id, discounts.categoryId))
    .orderBy(asc(discounts.name), asc(discounts.id));
  return rows.map(({ productId, subcategoryId, categoryId, validFrom, validUntil, ...row }) => {
    const scope: DiscountScope = productId ? 'product' : subcategoryId ? 'subcategory' : categoryId ? 'category' : 'all';
    return {
      ...row,
      scope,
      targetId: productId ?? subcategoryId ?? categoryId,
      validFrom: validFrom?.toISOString() ?? null,
      validUntil: validUntil?.toISOString() ?? null,
    };
  });
}
