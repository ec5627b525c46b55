import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { shelfInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { listWarehouses } from '../../locations/list-warehouses';
import { products } from '../catalog.tables';
import { setShelf } from '../warehouse-products';
import { assertAdmin, notFound, refusals } from './catalog-admin-errors';

/** Sets what a warehouse charges for a product, how many it holds and whether it sells it. */
export async function setProductShelf(options: {
  db: Db;
  viewer: Viewer;
  productId: string;
  warehouseId: string;
  input: z.output<typeof shelfInput>;
}): Promise<void> {
  const { db, viewer, productId, warehouseId, input } = options;
  assertAdmin(viewer);
  const warehouses = await listWarehouses({ db });
  const warehouse = warehouses.find((candidate) => candidate.id === warehouseId);
  if (!warehouse) throw notFound(refusals.warehouseNotFound);
  await db.transaction(async (tx) => {
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound(refusals.productNotFound);
    const { before, after } = await setShelf(tx, { warehouseId, productId, change: input });
    const shelfOf = (shelf: typeof after | null) => shelf && { price: shelf.price, stockQuantity: shelf.stockQuantity, active: shelf.active };
    await recordAudit(tx, viewer, {
      action: 'product.shelf_set',
      entityType: 'product',
      entityId: productId,
      summary: auditCopy.catalog.shelfSet({ product: product.name, warehouse: warehouse.name, price: after.price, stock: after.stockQuantity, active: after.active }),
      before: before && { warehouseId, ...shelfOf(before) },
      after: { warehouseId, ...shelfOf(after) },
    });
  });
}
