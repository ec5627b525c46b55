import { eq } from 'drizzle-orm';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { lockOwnedDish } from './kitchen-dishes';
import { cloudKitchenProducts } from './kitchens.tables';

/**
 * The owner deletes a dish. Past orders keep their lines (name and price are copied onto them);
 * carts holding it and its ratings go with it.
 */
export async function deleteKitchenDish(options: { db: Db; viewer: Viewer; dishId: string }): Promise<void> {
  const { db, viewer } = options;
  await db.transaction(async (tx) => {
    const before = await lockOwnedDish(tx, viewer, options.dishId);
    await tx.delete(cloudKitchenProducts).where(eq(cloudKitchenProducts.id, before.id));
    await recordAudit(tx, viewer, {
      action: 'dish.deleted',
      entityType: 'cloud_kitchen_product',
      entityId: before.id,
      summary: auditCopy.kitchens.dishDeleted(before.name),
      before,
      after: null,
    });
  });
}
