import { eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { addressColumns, clearDefault, findOwnAddress, lockProfileAddresses } from './address-access';
import { addresses } from './locations.tables';

/** Makes one of the profile's addresses its default, and no other. */
export async function setDefaultAddress(options: { db: Db; viewer: Actor; addressId: string }): Promise<Address> {
  const { db, viewer, addressId } = options;
  const profileId = viewer.profileId;
  return db.transaction(async (tx) => {
    await lockProfileAddresses(tx, profileId);
    await findOwnAddress(tx, viewer, addressId);
    await clearDefault(tx, profileId);
    const [updated] = await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, addressId)).returning(addressColumns);
    return updated!;
  });
}
