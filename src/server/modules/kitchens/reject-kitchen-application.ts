import type { KitchenApplication } from '@/shared/contracts/kitchen-operator';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { decideApplication, lockPendingApplication, toKitchenApplication } from './kitchen-application-records';

/** An admin rejects an application with a reason the applicant reads; they may apply again. */
export async function rejectKitchenApplication(options: { db: Db; viewer: Viewer; applicationId: string; reason: string }): Promise<KitchenApplication> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const application = await lockPendingApplication(tx, options.applicationId);
    const decided = await decideApplication(tx, { id: application.id, status: 'rejected', decidedBy: viewer.profileId, rejectionReason: options.reason });
    await recordAudit(tx, viewer, {
      action: 'kitchen_application.rejected',
      entityType: 'kitchen_application',
      entityId: application.id,
      summary: auditCopy.kitchens.applicationRejected(application.businessName, options.reason),
      before: { status: 'pending' },
      after: { status: 'rejected', rejectionReason: options.reason },
    });
    return toKitchenApplication(decided);
  });
}
