import { eq } from 'drizzle-orm';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { addressColumns, addressOrder } from './address-access';
import { addresses } from './locations.tables';

/** The profile's addresses, default first. */
export async function listAddresses(options: { db: Db; profileId: string }): Promise<Address[]> {
  return options.db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.profileId, options.profileId))
    .orderBy(...addressOrder);
}
