import { and, asc, count, eq, ilike, lte, or, sql } from 'drizzle-orm';
import { managesWarehouse } from '@/shared/access';
import type { z } from 'zod';
import type { InventoryPage, inventoryQuery } from '@/shared/contracts/manager';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { categories, products, warehouseProducts } from './catalog.tables';
import { inventoryNotFound } from './inventory-access';

/**
 * A warehouse's shelves for its manager or an admin: searched by name or SKU, optionally only the
 * low ones (stock at or below the threshold), alphabetical and paged. The low-stock count ignores the
 * search, so it always says how many shelves need restocking.
 */
export async function listInventory(options: { db: Db; viewer: Viewer; query: z.output<typeof inventoryQuery> }): Promise<InventoryPage> {
  const { db, viewer, query } = options;
  if (viewer.role !== 'admin' && !managesWarehouse(viewer, query.warehouseId)) throw inventoryNotFound();
  const inWarehouse = eq(warehouseProducts.warehouseId, query.warehouseId);
  const low = lte(warehouseProducts.stockQuantity, warehouseProducts.lowStockThreshold);
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const where = and(inWarehouse, query.lowStock === 'true' ? low : undefined, pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern)) : undefined);

  const [rows, [total], [lowStock]] = await Promise.all([
    db
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        unit: products.unit,
        category: categories.name,
        price: warehouseProducts.price,
        stockQuantity: warehouseProducts.stockQuantity,
        lowStockThreshold: warehouseProducts.lowStockThreshold,
        active: warehouseProducts.active,
      })
      .from(warehouseProducts)
      .innerJoin(products, eq(products.id, warehouseProducts.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(warehouseProducts).innerJoin(products, eq(products.id, warehouseProducts.productId)).where(where),
    db.select({ value: count() }).from(warehouseProducts).where(and(inWarehouse, low)),
  ]);
  return { rows, total: total?.value ?? 0, lowStockCount: lowStock?.value ?? 0, page: query.page, pageSize: query.pageSize };
}
