import { and, desc, eq } from 'drizzle-orm';
import type { KitchenApplication } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { kitchenApplications } from './kitchens.tables';

export type KitchenApplicationRow = typeof kitchenApplications.$inferSelect;

export function toKitchenApplication(row: KitchenApplicationRow): KitchenApplication {
  return {
    id: row.id,
    status: row.status,
    businessName: row.businessName,
    kitchenType: row.kitchenType,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    contactPhone: row.contactPhone,
    foodSafetyCertificate: row.foodSafetyCertificate,
    cuisine: row.cuisine,
    description: row.description,
    rejectionReason: row.rejectionReason,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    kitchenId: row.cloudKitchenId,
  };
}

/** The person's latest application, whatever its state. */
export async function latestApplicationOf(db: Db, profileId: string): Promise<KitchenApplicationRow | null> {
  const [row] = await db
    .select()
    .from(kitchenApplications)
    .where(eq(kitchenApplications.profileId, profileId))
    .orderBy(desc(kitchenApplications.createdAt), desc(kitchenApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The pending application, locked for the rest of the transaction so two admins deciding at once
 * decide it once: the second finds it decided and is refused.
 */
export async function lockPendingApplication(tx: Db, id: string): Promise<KitchenApplicationRow> {
  const [row] = await tx.select().from(kitchenApplications).where(eq(kitchenApplications.id, id)).for('update');
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: kitchenRefusals.applicationNotFound });
  if (row.status !== 'pending') {
    throw new AppError({ kind: 'CONFLICT', code: 'APPLICATION_ALREADY_DECIDED', message: kitchenRefusals.applicationAlreadyDecided });
  }
  return row;
}

export async function decideApplication(
  tx: Db,
  options: { id: string; status: 'approved' | 'rejected'; decidedBy: string; rejectionReason?: string; cloudKitchenId?: string },
): Promise<KitchenApplicationRow> {
  const [row] = await tx
    .update(kitchenApplications)
    .set({
      status: options.status,
      decidedByProfileId: options.decidedBy,
      decidedAt: new Date(),
      rejectionReason: options.rejectionReason ?? null,
      cloudKitchenId: options.cloudKitchenId ?? null,
    })
    .where(and(eq(kitchenApplications.id, options.id), eq(kitchenApplications.status, 'pending')))
    .returning();
  return row!;
}
