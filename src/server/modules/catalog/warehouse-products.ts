import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { warehouseProducts } from './catalog.tables';

export type WarehouseProductRecord = typeof warehouseProducts.$inferSelect;

/** What staff may set on a warehouse's shelf of a product; fields left out keep their value. */
export interface ShelfChange {
  price?: number;
  stockQuantity?: number;
  lowStockThreshold?: number;
  active?: boolean;
}

/**
 * Sets a warehouse's price, stock, low-stock threshold or active flag for a product, inside the
 * caller's transaction, and answers the shelf before (null when the warehouse did not sell it) and
 * after, for the audit log. A new shelf needs a price. The row is locked first, so a concurrent order's
 * stock reservation and this edit run one after the other.
 */
export async function setShelf(
  tx: Db,
  options: { warehouseId: string; productId: string; change: ShelfChange },
): Promise<{ before: WarehouseProductRecord | null; after: WarehouseProductRecord }> {
  const { warehouseId, productId, change } = options;
  const [before] = await tx
    .select()
    .from(warehouseProducts)
    .where(and(eq(warehouseProducts.warehouseId, warehouseId), eq(warehouseProducts.productId, productId)))
    .for('update');
  if (!before) {
    if (change.price === undefined) throw new Error('a new shelf needs a price');
    const [created] = await tx
      .insert(warehouseProducts)
      .values({ warehouseId, productId, price: change.price, stockQuantity: change.stockQuantity ?? 0, lowStockThreshold: change.lowStockThreshold, active: change.active })
      .returning();
    return { before: null, after: created! };
  }
  const [after] = await tx
    .update(warehouseProducts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(warehouseProducts.warehouseId, warehouseId), eq(warehouseProducts.productId, productId)))
    .returning();
  return { before, after: after! };
}
