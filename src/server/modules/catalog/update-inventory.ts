import { and, eq } from 'drizzle-orm';
import { managesWarehouse } from '@/shared/access';
import type { InventoryChange, InventoryRow } from '@/shared/contracts/manager';
import { formatMoney } from '@/shared/money';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { categories, products, warehouseProducts } from './catalog.tables';
import { inventoryNotFound } from './inventory-access';
import { setShelf } from './warehouse-products';

function describeChange(change: InventoryChange): string {
  const parts = [
    change.price !== undefined ? `price ${formatMoney(change.price)}` : null,
    change.stockQuantity !== undefined ? `stock ${change.stockQuantity}` : null,
    change.lowStockThreshold !== undefined ? `low-stock threshold ${change.lowStockThreshold}` : null,
    change.active !== undefined ? (change.active ? 'active' : 'inactive') : null,
  ];
  return parts.filter(Boolean).join(', ');
}

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
      summary: `${product.name} (${product.sku}): ${describeChange(change)}`,
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
