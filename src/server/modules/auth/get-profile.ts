import { eq } from 'drizzle-orm';
import type { Profile } from '@/shared/contracts/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { cloudKitchens } from '../kitchens/kitchens.tables';
import { profiles, user } from './auth.tables';

export async function getProfile(options: { db: Db; userId: string }): Promise<Profile> {
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
      kitchenId: cloudKitchens.id,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(cloudKitchens, eq(cloudKitchens.profileId, profiles.id))
    .where(eq(profiles.userId, options.userId));
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: 'Profile not found.' });
  return row;
}
