import { eq } from 'drizzle-orm';
import type { AdminUser } from '@/shared/contracts/admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { adminUserOf } from '../../read-models/admin-users';
import { recordAudit } from '../audit/record-audit';
import { profiles } from './auth.tables';
import { endSessions, lockAccountForAdmin } from './account-records';

/**
 * An admin deactivates an account: its sessions end at once and it cannot sign in again until
 * reactivated. Deactivating an account that already is changes nothing and writes no audit row.
 */
export async function deactivateUser(options: { db: Db; viewer: Viewer; profileId: string }): Promise<AdminUser> {
  const { db, viewer } = options;
  await db.transaction(async (tx) => {
    const account = await lockAccountForAdmin(tx, { profileId: options.profileId, viewer });
    if (account.deactivatedAt) return;
    const now = new Date();
    await tx.update(profiles).set({ deactivatedAt: now, updatedAt: now }).where(eq(profiles.id, account.profileId));
    await endSessions(tx, account.userId);
    await recordAudit(tx, viewer, {
      action: 'user.deactivated',
      entityType: 'user',
      entityId: account.profileId,
      summary: auditCopy.users.deactivated(account.email),
      before: { deactivatedAt: null },
      after: { deactivatedAt: now.toISOString() },
    });
  });
  return (await adminUserOf(db, options.profileId))!;
}
