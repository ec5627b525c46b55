import { eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { Db } from '../../db/client';
import { addressOrder, findOwnAddress, lockProfileAddresses } from './address-access';
import { addresses } from './locations.tables';

/** Deletes an address; when it was the default, the newest remaining address becomes the default. */
export async function deleteAddress(options: { db: Db; viewer: Actor; addressId: string }): Promise<void> {
  const { db, viewer, addressId } = options;
  const profileId = viewer.profileId;
  await db.transaction(async (tx) => {
    await lockProfileAddresses(tx, profileId);
    const address = await findOwnAddress(tx, viewer, addressId);
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    if (!address.isDefault) return;
    const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.profileId, profileId)).orderBy(...addressOrder).limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}
