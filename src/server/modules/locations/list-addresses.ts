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
