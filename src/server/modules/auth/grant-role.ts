import { eq } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import type { Db } from '../../db/client';
import { profiles } from './auth.tables';

/**
 * Gives a profile a role inside the caller's transaction and answers the role it had. The session
 * reads the role on every request, so the person's next request already acts in the new one.
 */
export async function grantRole(tx: Db, options: { profileId: string; role: Role }): Promise<Role | null> {
  const [before] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, options.profileId)).for('update');
  if (!before) return null;
  await tx.update(profiles).set({ role: options.role, updatedAt: new Date() }).where(eq(profiles.id, options.profileId));
  return before.role;
}
