import { eq } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import type { Db } from '../client';
import type { Auth } from '../../lib/auth';
import { profiles, user } from '../../modules/auth/auth.tables';
import { cloudKitchens } from '../../modules/kitchens/kitchens.tables';
import { warehouses } from '../../modules/locations/locations.tables';

export interface AccountSpec {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: Role;
}

/** Creates an account through better-auth (so the password hash is real) and sets its role. */
export async function createAccount(options: { db: Db; auth: Auth; account: AccountSpec }) {
  const { db, auth, account } = options;
  // Profile fields ride along with better-auth's own; the user-create hook stores them.
  const body = {
    email: account.email,
    password: account.password,
    name: `${account.firstName} ${account.lastName}`,
    firstName: account.firstName,
    lastName: account.lastName,
  };
  const result = await auth.api.signUpEmail({ body });
  const userId = result.user.id;
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  const [profile] = await db
    .update(profiles)
    .set({ role: account.role ?? 'customer' })
    .where(eq(profiles.userId, userId))
    .returning();
  if (!profile) throw new Error(`profile missing for ${account.email}`);
  return { userId, profile };
}

export async function createKitchen(options: { db: Db; profileId: string; businessName: string }) {
  const [kitchen] = await options.db
    .insert(cloudKitchens)
    .values({ profileId: options.profileId, businessName: options.businessName })
    .returning();
  return kitchen!;
}

export type WarehouseSpec = typeof warehouses.$inferInsert;

export async function createWarehouses(options: { db: Db; warehouses: WarehouseSpec[] }) {
  return options.db.insert(warehouses).values(options.warehouses).onConflictDoNothing({ target: warehouses.name }).returning();
}
