import { and, count, eq, inArray } from 'drizzle-orm';
import type { KitchenApplication } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { grantRole } from '../auth/grant-role';
import { countOrdersInProgress } from '../orders/count-orders-in-progress';
import { decideApplication, lockPendingApplication, toKitchenApplication } from './kitchen-application-records';
import { cloudKitchens, mealPlanSubscriptions } from './kitchens.tables';

/** A first guess the owner corrects on the kitchen's profile: Texas runs on Central time, our other states on Eastern. */
const timeZoneOf = (state: string) => (state === 'TX' ? 'America/Chicago' : 'America/New_York');

/**
 * A person has one role, and a kitchen account cannot shop: while the applicant still has orders in
 * progress or live meal-plan subscriptions, approving would cut them off from those (ADR 080).
 */
async function refuseWhileStillShopping(tx: Db, profileId: string) {
  const orders = await countOrdersInProgress(tx, profileId);
  const [subscriptions] = await tx
    .select({ total: count() })
    .from(mealPlanSubscriptions)
    .where(and(eq(mealPlanSubscriptions.customerProfileId, profileId), inArray(mealPlanSubscriptions.status, ['active', 'paused'])));
  const live = subscriptions?.total ?? 0;
  if (orders > 0 || live > 0) {
    throw new AppError({ kind: 'CONFLICT', code: 'APPLICANT_STILL_SHOPPING', message: kitchenRefusals.applicantStillShopping(orders, live) });
  }
}

/**
 * An admin approves an application: in one transaction the kitchen is created from it (closed, with
 * no hours yet, for the owner to set up) and the applicant becomes a cloud_kitchen; both or neither.
 * Refused while the applicant still has orders or subscriptions to follow as a customer.
 */
export async function approveKitchenApplication(options: { db: Db; viewer: Viewer; applicationId: string }): Promise<KitchenApplication> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const application = await lockPendingApplication(tx, options.applicationId);
    const [existing] = await tx.select({ id: cloudKitchens.id }).from(cloudKitchens).where(eq(cloudKitchens.profileId, application.profileId));
    if (existing) throw new AppError({ kind: 'CONFLICT', code: 'ALREADY_OWNS_KITCHEN', message: kitchenRefusals.applicantOwnsKitchen });
    await refuseWhileStillShopping(tx, application.profileId);
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
