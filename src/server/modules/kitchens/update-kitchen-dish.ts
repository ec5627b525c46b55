import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { KitchenDish, kitchenDishInput } from '@/shared/contracts/kitchen-operator';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { dishColumns, lockOwnedDish } from './kitchen-dishes';
import { cloudKitchenProducts } from './kitchens.tables';

/** The owner edits a dish of their kitchen: its details, availability, or whether it shows at all. */
export async function updateKitchenDish(options: { db: Db; viewer: Viewer; dishId: string; input: z.output<typeof kitchenDishInput> }): Promise<KitchenDish> {
  const { db, viewer, input } = options;
  return db.transaction(async (tx) => {
    const before = await lockOwnedDish(tx, viewer, options.dishId);
    const [after] = await tx.update(cloudKitchenProducts).set(input).where(eq(cloudKitchenProducts.id, before.id)).returning(dishColumns);
    await recordAudit(tx, viewer, {
      action: 'dish.updated',
      entityType: 'cloud_kitchen_product',
      entityId: before.id,
      summary: auditCopy.kitchens.dishUpdated(after!.name),
      before,
      after,
    });
    return after!;
  });
}
