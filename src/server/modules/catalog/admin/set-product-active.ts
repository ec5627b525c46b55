import { eq } from 'drizzle-orm';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { products, warehouseProducts } from '../catalog.tables';
import { setShelf } from '../warehouse-products';
import { assertAdmin, notFound, refusals } from './catalog-admin-errors';

/** Starts or stops selling a product at every warehouse that stocks it, in one go. */
export async function setProductActive(options: { db: Db; viewer: Viewer; productId: string; active: boolean }): Promise<void> {
  const { db, viewer, productId, active } = options;
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound(refusals.productNotFound);
    const shelves = await tx
      .select({ warehouseId: warehouseProducts.warehouseId, active: warehouseProducts.active })
      .from(warehouseProducts)
      .where(eq(warehouseProducts.productId, productId))
      // The same lock order as every shelf write, so two of them cannot deadlock.
      .orderBy(warehouseProducts.warehouseId);
    for (const shelf of shelves) await setShelf(tx, { warehouseId: shelf.warehouseId, productId, change: { active } });
    await recordAudit(tx, viewer, {
      action: active ? 'product.activated' : 'product.deactivated',
      entityType: 'product',
      entityId: productId,
      summary: auditCopy.catalog.productActive(product.name, active, shelves.length),
      before: Object.fromEntries(shelves.map((shelf) => [shelf.warehouseId, shelf.active])),
      after: Object.fromEntries(shelves.map((shelf) => [shelf.warehouseId, active])),
    });
  });
}
