import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { profiles, user } from './auth.tables';

/** The profile fields a sign-up may carry beside better-auth's own. */
export const signUpProfileFields = z.object({
  firstName: z.string().trim().min(1).max(80).optional().catch(undefined),
  lastName: z.string().trim().min(1).max(80).optional().catch(undefined),
  referralCode: z.string().trim().min(1).max(40).optional().catch(undefined),
});

/**
 * Creates the customer profile of a new account, named by the sign-up's fields or else by the account's
 * display name; a second call for the same user changes nothing. Pass the transaction that created the user.
 */
export async function createProfile(options: {
  db: Db;
  userId: string;
  fields: z.infer<typeof signUpProfileFields>;
}) {
  const [account] = await options.db.select({ name: user.name }).from(user).where(eq(user.id, options.userId));
  const [first = null, ...rest] = (account?.name ?? '').trim().split(/\s+/).filter(Boolean);
  await options.db
    .insert(profiles)
    .values({
      userId: options.userId,
      role: 'customer',
      firstName: options.fields.firstName ?? first,
      lastName: options.fields.lastName ?? (rest.length ? rest.join(' ') : null),
      referralCode: options.fields.referralCode ?? null,
    })
    .onConflictDoNothing({ target: profiles.userId });
}
