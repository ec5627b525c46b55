import { and, eq } from 'drizzle-orm';
import { managesWarehouse } from '@/shared/access';
import type { InventoryChange, InventoryRow } from '@/shared/contracts/manager';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { categories, products, warehouseProducts } from './catalog.tables';
import { inventoryNotFound } from './inventory-access';
import { setShelf } from './warehouse-products';

/**
 * The warehouse's manager (or an admin) changes the price, stock, threshold or active flag of a shelf
 * the warehouse already has, audited with the shelf before and after, in one transaction.
 */
export async function updateInventory(options: { db: Db; viewer: Viewer; warehouseId: string; productId: string; change: InventoryChange }): Promise<InventoryRow> {
  const { db, viewer, warehouseId, productId, change } = options;
  if (viewer.role !== 'admin' && !managesWarehouse(viewer, warehouseId)) throw inventoryNotFound();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ name: products.name, sku: products.sku, unit: products.unit, category: categories.name })
      .from(warehouseProducts)
      .innerJoin(products, eq(products.id, warehouseProducts.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(warehouseProducts.warehouseId, warehouseId), eq(warehouseProducts.productId, productId)));
    if (!product) throw inventoryNotFound();
    const { before, after } = await setShelf(tx, { warehouseId, productId, change });
    await recordAudit(tx, viewer, {
      action: 'inventory.updated',
      entityType: 'warehouse_product',
      entityId: `${warehouseId}:${productId}`,
      summary: auditCopy.catalog.inventoryChanged(product.name, product.sku, change),
      before: before && { price: before.price, stockQuantity: before.stockQuantity, lowStockThreshold: before.lowStockThreshold, active: before.active },
      after: { price: after.price, stockQuantity: after.stockQuantity, lowStockThreshold: after.lowStockThreshold, active: after.active },
    });
    return {
      productId,
      ...product,
      price: after.price,
      stockQuantity: after.stockQuantity,
      lowStockThreshold: after.lowStockThreshold,
      active: after.active,
    };
  });
}
