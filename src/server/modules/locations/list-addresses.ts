import { eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { addressColumns, addressOrder } from './address-access';
import { addresses } from './locations.tables';

/** The viewer's own addresses, default first. */
export async function listAddresses(options: { db: Db; viewer: Actor }): Promise<Address[]> {
  return options.db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.profileId, options.viewer.profileId))
    .orderBy(...addressOrder);
}

/** The viewer's default address (a profile with any address has one), or null when they saved none. */
export async function getDefaultAddress(options: { db: Db; viewer: Actor }): Promise<Address | null> {
  const [address] = await options.db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.profileId, options.viewer.profileId))
    .orderBy(...addressOrder)
    .limit(1);
  return address ?? null;
}
