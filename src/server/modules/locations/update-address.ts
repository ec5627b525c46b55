import { eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import type { Geocoder } from '../../providers/geocoder';
import { addressColumns, clearDefault, findOwnAddress, locateAddress, lockProfileAddresses, refuseDuplicateAddress, type ParsedAddress } from './address-access';
import { addresses } from './locations.tables';

/**
 * Replaces an address's fields and geocodes it again. Asking for default makes it the default; the
 * default cannot be un-set this way (another address has to become the default instead). Made the same as
 * another of the profile's addresses, it is refused at the street address.
 */
export async function updateAddress(options: {
  db: Db;
  geocoder: Geocoder;
  viewer: Actor;
  addressId: string;
  input: ParsedAddress;
}): Promise<Address> {
  const { db, geocoder, viewer, addressId, input } = options;
  const profileId = viewer.profileId;
  await findOwnAddress(db, viewer, addressId);
  // A duplicate is refused before geocoding, which a hosted geocoder charges for; checked again under the lock for races.
  await refuseDuplicateAddress(db, profileId, input, addressId);
  const coordinates = await locateAddress(geocoder, input);
  return db.transaction(async (tx) => {
    await lockProfileAddresses(tx, profileId);
    const current = await findOwnAddress(tx, viewer, addressId);
    await refuseDuplicateAddress(tx, profileId, input, addressId);
    const isDefault = current.isDefault || input.isDefault;
    if (isDefault && !current.isDefault) await clearDefault(tx, profileId);
    const [updated] = await tx
      .update(addresses)
      .set({ ...input, ...coordinates, isDefault, updatedAt: new Date() })
      .where(eq(addresses.id, addressId))
      .returning(addressColumns);
    return updated!;
  });
}
