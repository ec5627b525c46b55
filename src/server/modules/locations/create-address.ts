import type { Actor } from '@/shared/access';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import type { Geocoder } from '../../providers/geocoder';
import { addressColumns, clearDefault, locateAddress, lockProfileAddresses, refuseNewAddress, type ParsedAddress } from './address-access';
import { addresses } from './locations.tables';

/**
 * Saves a new address, geocoded. The first address a profile saves becomes its default; one the profile
 * already has is refused at the street address.
 */
export async function createAddress(options: { db: Db; geocoder: Geocoder; viewer: Actor; input: ParsedAddress }): Promise<Address> {
  const { db, geocoder, input } = options;
  // Every signed-in person keeps their own addresses, and only their own.
  const profileId = options.viewer.profileId;
  // A duplicate, or one address too many, is refused before geocoding, which a hosted geocoder charges
  // for; checked again under the lock for races.
  await refuseNewAddress(db, profileId, input);
  // Geocode before the transaction: a hosted geocoder may take a while and must not hold the lock.
  const coordinates = await locateAddress(geocoder, input);
  return db.transaction(async (tx) => {
    await lockProfileAddresses(tx, profileId);
    const total = await refuseNewAddress(tx, profileId, input);
    const isDefault = input.isDefault || total === 0;
    if (isDefault) await clearDefault(tx, profileId);
    const [created] = await tx
      .insert(addresses)
      .values({ ...input, ...coordinates, isDefault, profileId })
      .returning(addressColumns);
    return created!;
  });
}
