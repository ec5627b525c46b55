import { and, eq, sql } from 'drizzle-orm';
import { auditCopy } from '@/shared/staff-copy';
import { queryRows, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { bogoOffers, products, warehouseProducts } from './catalog.tables';
import { setShelf } from './warehouse-products';

/** The product a grocery line takes off the shelf: the product itself, or a deal's product; a bundle names none. */
export async function productOfLine(tx: Db, line: { itemType: string; productId: string | null; bogoOfferId: string | null }): Promise<string | null> {
  if (line.itemType === 'product') return line.productId;
  if (line.itemType !== 'bogo' || !line.bogoOfferId) return null;
  const [offer] = await tx.select({ productId: bogoOffers.productId }).from(bogoOffers).where(eq(bogoOffers.id, line.bogoOfferId));
  return offer?.productId ?? null;
}

/**
 * Locks a warehouse's shelves of these products in product order, the order every shelf write takes
 * them in, so a transaction that then writes several of them cannot deadlock with another.
 */
export async function lockShelves(tx: Db, options: { warehouseId: string; productIds: readonly string[] }): Promise<void> {
  if (options.productIds.length === 0) return;
  await queryRows(
    tx,
    sql`select product_id from warehouse_products
      where warehouse_id = ${options.warehouseId} and product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(options.productIds)}::jsonb))
      order by product_id
      for update`,
  );
}

/**
 * A picker did not find a product on the warehouse's shelf while picking an order: the shelf is
 * empty, whatever the count said. Its stock becomes 0 inside the caller's transaction, audited as any
 * stock change, so the shop stops selling it there until the manager counts it again. Nothing is
 * written when the count already reads 0 or the warehouse does not stock the product.
 */
export async function emptyShelfNotFound(tx: Db, options: { viewer: Viewer; warehouseId: string; productId: string; orderNumber: string }): Promise<void> {
  const { warehouseId, productId } = options;
  const [shelf] = await tx
    .select({ name: products.name, sku: products.sku, stockQuantity: warehouseProducts.stockQuantity })
    .from(warehouseProducts)
    .innerJoin(products, eq(products.id, warehouseProducts.productId))
    .where(and(eq(warehouseProducts.warehouseId, warehouseId), eq(warehouseProducts.productId, productId)));
  if (!shelf || shelf.stockQuantity === 0) return;
  const { before, after } = await setShelf(tx, { warehouseId, productId, change: { stockQuantity: 0 } });
  await recordAudit(tx, options.viewer, {
    action: 'inventory.updated',
    entityType: 'warehouse_product',
    entityId: `${warehouseId}:${productId}`,
    summary: auditCopy.catalog.notFoundWhilePicking(shelf.name, shelf.sku, options.orderNumber),
    before: before && { price: before.price, stockQuantity: before.stockQuantity, lowStockThreshold: before.lowStockThreshold, active: before.active },
    after: { price: after.price, stockQuantity: after.stockQuantity, lowStockThreshold: after.lowStockThreshold, active: after.active },
  });
}
