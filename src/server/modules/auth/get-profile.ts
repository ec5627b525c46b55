import { eq } from 'drizzle-orm';
import type { Profile } from '@/shared/contracts/auth';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { profiles, user } from './auth.tables';

/** The viewer's own profile; the kitchen they run comes with the viewer, read with the session. */
export async function getProfile(options: { db: Db; viewer: Viewer }): Promise<Profile> {
  const [row] = await options.db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      email: user.email,
      role: profiles.role,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      referralCode: profiles.referralCode,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.userId, options.viewer.userId));
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: 'Profile not found.' });
  return { ...row, kitchenId: options.viewer.kitchenIds[0] ?? null };
}
