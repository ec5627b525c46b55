import { and, eq, isNotNull } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import { adminCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { profiles, session, user } from './auth.tables';

export interface AccountRecord {
  profileId: string;
  userId: string;
  email: string;
  role: Role;
  deactivatedAt: Date | null;
}

/**
 * Locks a person's profile for an admin's change and answers it. An admin may not change their own
 * role or account, so the last admin can never lock everyone out.
 */
export async function lockAccountForAdmin(tx: Db, options: { profileId: string; viewer: Viewer }): Promise<AccountRecord> {
  if (options.profileId === options.viewer.profileId) {
    throw new AppError({ kind: 'CONFLICT', code: 'NOT_YOURSELF', message: adminCopy.userRefusals.notYourself });
  }
  const [row] = await tx
    .select({ profileId: profiles.id, userId: profiles.userId, email: user.email, role: profiles.role, deactivatedAt: profiles.deactivatedAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.id, options.profileId))
    .for('update', { of: profiles });
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: adminCopy.userRefusals.notFound });
  return row;
}

/** Ends every session of a user at once. */
export async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
}

/** Whether an admin has deactivated this user's account. */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.userId, userId), isNotNull(profiles.deactivatedAt)));
  return rows.length > 0;
}
