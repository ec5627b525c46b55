import { eq } from 'drizzle-orm';
import type { Profile } from '@/shared/contracts/auth';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { profiles, user } from './auth.tables';

/**
 * The viewer's own profile; the warehouses and kitchens they run come with the viewer, read with the
 * session, so the web judges order actions with the same facts as the server.
 */
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
  return {
    ...row,
    kitchenId: options.viewer.kitchenIds[0] ?? null,
    warehouseIds: [...options.viewer.warehouseIds],
    kitchenIds: [...options.viewer.kitchenIds],
  };
}
