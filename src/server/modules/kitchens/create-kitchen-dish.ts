import type { z } from 'zod';
import type { KitchenDish, kitchenDishInput } from '@/shared/contracts/kitchen-operator';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { dishColumns } from './kitchen-dishes';
import { cloudKitchenProducts } from './kitchens.tables';
import { ownedKitchenId } from './owned-kitchen';

/** The owner adds a dish to the kitchen's menu. */
export async function createKitchenDish(options: { db: Db; viewer: Viewer; input: z.output<typeof kitchenDishInput> }): Promise<KitchenDish> {
  const { db, viewer, input } = options;
  const kitchenId = ownedKitchenId(viewer);
  return db.transaction(async (tx) => {
    const [dish] = await tx.insert(cloudKitchenProducts).values({ ...input, cloudKitchenId: kitchenId }).returning(dishColumns);
    await recordAudit(tx, viewer, {
      action: 'dish.created',
      entityType: 'cloud_kitchen_product',
      entityId: dish!.id,
      summary: auditCopy.kitchens.dishAdded(dish!.name),
      before: null,
      after: dish,
    });
    return dish!;
  });
}
