import { eq } from 'drizzle-orm';
import type { AdminUser } from '@/shared/contracts/admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { adminUserOf } from '../../read-models/admin-users';
import { recordAudit } from '../audit/record-audit';
import { profiles } from './auth.tables';
import { lockAccountForAdmin } from './account-records';

/** An admin lets a deactivated account sign in again; an active one is left as it is. */
export async function reactivateUser(options: { db: Db; viewer: Viewer; profileId: string }): Promise<AdminUser> {
  const { db, viewer } = options;
  await db.transaction(async (tx) => {
    const account = await lockAccountForAdmin(tx, { profileId: options.profileId, viewer });
    if (!account.deactivatedAt) return;
    await tx.update(profiles).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(profiles.id, account.profileId));
    await recordAudit(tx, viewer, {
      action: 'user.reactivated',
      entityType: 'user',
      entityId: account.profileId,
      summary: auditCopy.users.reactivated(account.email),
      before: { deactivatedAt: account.deactivatedAt.toISOString() },
      after: { deactivatedAt: null },
    });
  });
  return (await adminUserOf(db, options.profileId))!;
}
