import { eq } from 'drizzle-orm';
import type { KitchenProfile } from '@/shared/contracts/kitchen-operator';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { ownedKitchen, toKitchenProfile } from './get-kitchen-profile';
import { cloudKitchens } from './kitchens.tables';

/** The owner's open/closed switch. It stays as set until they flip it; closed, the kitchen takes no order. */
export async function setKitchenOpen(options: { db: Db; viewer: Viewer; isOpen: boolean }): Promise<KitchenProfile> {
  const { db, viewer, isOpen } = options;
  return db.transaction(async (tx) => {
    const current = await ownedKitchen(tx, viewer, { lock: true });
    const [updated] = await tx.update(cloudKitchens).set({ isOpen }).where(eq(cloudKitchens.id, current.id)).returning();
    if (current.isOpen !== isOpen) {
      await recordAudit(tx, viewer, {
        action: isOpen ? 'kitchen.opened' : 'kitchen.closed',
        entityType: 'cloud_kitchen',
        entityId: current.id,
        summary: (isOpen ? auditCopy.kitchens.opened : auditCopy.kitchens.closed)(current.businessName),
        before: { isOpen: current.isOpen },
        after: { isOpen },
      });
    }
    return toKitchenProfile(updated!);
  });
}
