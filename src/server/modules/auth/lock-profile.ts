import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from './auth.tables';

/**
 * Takes the profile's row lock for the rest of the transaction. Other modules serialise the writes
 * that hang off one person (their addresses, later their cart and orders) on it, so rules such as
 * "only one default address" hold when two requests race.
 */
export async function lockProfile(options: { tx: Db; profileId: string }): Promise<void> {
  await options.tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, options.profileId)).for('update');
}
