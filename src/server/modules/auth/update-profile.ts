import { eq } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '@/shared/contracts/auth';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { profiles, user } from './auth.tables';
import { getProfile } from './get-profile';

type ParsedUpdate = { firstName?: string; lastName?: string; phone?: string | null };

/** Updates the viewer's own profile and keeps the account's display name in step. */
export async function updateProfile(options: { db: Db; viewer: Viewer; changes: ParsedUpdate }): Promise<Profile> {
  const { db, viewer, changes } = options;
  const userId = viewer.userId;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.userId, userId))
      .returning({ firstName: profiles.firstName, lastName: profiles.lastName });
    if (updated && (changes.firstName !== undefined || changes.lastName !== undefined)) {
      const name = [updated.firstName, updated.lastName].filter(Boolean).join(' ');
      await tx.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
    }
  });
  return getProfile({ db, viewer });
}

export type { ProfileUpdate };
