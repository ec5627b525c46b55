import { z } from 'zod';
import type { Db } from '../../db/client';
import { profiles } from './auth.tables';

/** The profile fields a sign-up may carry beside better-auth's own. */
export const signUpProfileFields = z.object({
  firstName: z.string().trim().min(1).max(80).optional().catch(undefined),
  lastName: z.string().trim().min(1).max(80).optional().catch(undefined),
  referralCode: z.string().trim().min(1).max(40).optional().catch(undefined),
});

/** Creates the customer profile of a new account; a second call for the same user changes nothing. */
export async function createProfile(options: {
  db: Db;
  userId: string;
  name: string;
  fields: z.infer<typeof signUpProfileFields>;
}) {
  const [first = null, ...rest] = options.name.trim().split(/\s+/).filter(Boolean);
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
