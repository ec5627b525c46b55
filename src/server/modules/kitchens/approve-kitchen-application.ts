import { eq } from 'drizzle-orm';
import type { KitchenApplication } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { grantRole } from '../auth/grant-role';
import { decideApplication, lockPendingApplication, toKitchenApplication } from './kitchen-application-records';
import { cloudKitchens } from './kitchens.tables';

/** A first guess the owner corrects on the kitchen's profile: Texas runs on Central time, our other states on Eastern. */
const timeZoneOf = (state: string) => (state === 'TX' ? 'America/Chicago' : 'America/New_York');

/**
 * An admin approves an application: in one transaction the kitchen is created from it (closed, with
 * no hours yet, for the owner to set up) and the applicant becomes a cloud_kitchen; both or neither.
 */
export async function approveKitchenApplication(options: { db: Db; viewer: Viewer; applicationId: string }): Promise<KitchenApplication> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const application = await lockPendingApplication(tx, options.applicationId);
    const [existing] = await tx.select({ id: cloudKitchens.id }).from(cloudKitchens).where(eq(cloudKitchens.profileId, application.profileId));
    if (existing) throw new AppError({ kind: 'CONFLICT', code: 'ALREADY_OWNS_KITCHEN', message: kitchenRefusals.applicantOwnsKitchen });
    const [kitchen] = await tx
      .insert(cloudKitchens)
      .values({
        profileId: application.profileId,
        businessName: application.businessName,
        kitchenType: application.kitchenType,
        cuisine: application.cuisine,
        description: application.description,
        streetAddress: application.streetAddress,
        city: application.city,
        state: application.state,
        zipCode: application.zipCode,
        latitude: application.latitude,
        longitude: application.longitude,
        contactPhone: application.contactPhone,
        foodSafetyCertificate: application.foodSafetyCertificate,
        timeZone: timeZoneOf(application.state),
        isOpen: false,
      })
      .returning({ id: cloudKitchens.id });
    const formerRole = await grantRole(tx, { profileId: application.profileId, role: 'cloud_kitchen' });
    const decided = await decideApplication(tx, { id: application.id, status: 'approved', decidedBy: viewer.profileId, cloudKitchenId: kitchen!.id });
    await recordAudit(tx, viewer, {
      action: 'kitchen_application.approved',
      entityType: 'kitchen_application',
      entityId: application.id,
      summary: auditCopy.kitchens.applicationApproved(application.businessName),
      before: { status: 'pending', role: formerRole },
      after: { status: 'approved', role: 'cloud_kitchen', kitchenId: kitchen!.id },
    });
    return toKitchenApplication(decided);
  });
}
