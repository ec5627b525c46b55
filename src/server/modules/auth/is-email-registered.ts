import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from './auth.tables';

/** Whether an account uses this address; better-auth stores addresses in lower case. */
export async function isEmailRegistered(options: { db: Db; email: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ found: sql<number>`1` })
    .from(user)
    .where(eq(user.email, options.email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}
