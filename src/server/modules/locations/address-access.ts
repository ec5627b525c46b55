import { and, desc, eq, sql } from 'drizzle-orm';
import { ownsResource, type Actor } from '@/shared/access';
import { isSameAddress, type Address, type addressInput } from '@/shared/contracts/locations';
import { addressCopy } from '@/shared/copy';
import type { z } from 'zod';
import { preparedQuery, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { GeocodeQuery, Geocoder } from '../../providers/geocoder';
import { lockProfile } from '../auth/lock-profile';
import { addresses } from './locations.tables';

export type ParsedAddress = z.output<typeof addressInput>;

export const MAX_ADDRESSES_PER_PROFILE = 20;

export const addressColumns = {
  id: addresses.id,
  label: addresses.label,
  streetAddress: addresses.streetAddress,
  unit: addresses.unit,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
  deliveryInstructions: addresses.deliveryInstructions,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
  isDefault: addresses.isDefault,
};

/** Default first, then the newest. */
export const addressOrder = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)] as const;

/**
 * Serialises a profile's address writes: the profile row (the auth module's) is the lock, so "first
 * address becomes the default" and "only one default" hold even when two saves race.
 */
export async function lockProfileAddresses(tx: Db, profileId: string) {
  await lockProfile({ tx, profileId });
}

// Read on every quote and placement: prepared, so PostgreSQL plans it once per connection.
const addressById = preparedQuery<{ addressId: string }, Address & { profileId: string }>(
  'own_address',
  ({ addressId }) => sql`select id, label, street_address as "streetAddress", unit, city, state, zip_code as "zipCode",
      delivery_instructions as "deliveryInstructions", latitude, longitude,
      is_default as "isDefault", profile_id as "profileId"
    from addresses where id = ${addressId}`,
);

/** An address the viewer may change: only its owner's. */
export async function findOwnAddress(tx: Db, viewer: Actor, addressId: string): Promise<Address> {
  const [row] = await addressById(tx, { addressId });
  // Another person's address answers exactly like one that does not exist.
  if (!row || !ownsResource(viewer, row.profileId)) {
    throw new AppError({ kind: 'NOT_FOUND', code: 'ADDRESS_NOT_FOUND', message: 'This address does not exist.' });
  }
  const { profileId: _owner, ...address } = row;
  return address;
}

/**
 * Coordinates for an address. A ZIP code the geocoder cannot place saves without coordinates; a ZIP
 * code in another state than the one typed is refused, since one of the two is a typo.
 */
export async function locateAddress(geocoder: Geocoder, input: GeocodeQuery): Promise<{ latitude: number | null; longitude: number | null }> {
  const place = await geocoder.geocode(input);
  if (!place) return { latitude: null, longitude: null };
  if (place.state && place.state.toUpperCase() !== input.state) {
    throw new AppError({ kind: 'VALIDATION_FAILED', message: 'The ZIP code and the state do not match.', fields: {
      zipCode: `ZIP code ${input.zipCode} is in ${place.state.toUpperCase()}, not ${input.state}.`,
    } });
  }
  return { latitude: place.latitude, longitude: place.longitude };
}

/**
 * Refuses to save an address the profile already has (the one being edited, `editing`, aside): a second
 * copy would only list the same door twice. Answers the profile's addresses. Decisive only holding the
 * profile's address lock; without it, a cheap early answer before geocoding.
 */
export async function refuseDuplicateAddress(tx: Db, profileId: string, input: ParsedAddress, editing?: string) {
  const saved = await tx
    .select({ id: addresses.id, streetAddress: addresses.streetAddress, unit: addresses.unit, city: addresses.city, state: addresses.state, zipCode: addresses.zipCode })
    .from(addresses)
    .where(eq(addresses.profileId, profileId));
  if (saved.some((address) => address.id !== editing && isSameAddress(address, input))) {
    throw new AppError({ kind: 'CONFLICT', code: 'ADDRESS_EXISTS', message: addressCopy.alreadySaved, fields: { streetAddress: addressCopy.alreadySaved } });
  }
  return saved;
}

/**
 * Refuses a new address the profile cannot add: one it already has, or one past the most it keeps.
 * Answers how many it has. Decisive only under the profile's address lock, as refuseDuplicateAddress.
 */
export async function refuseNewAddress(tx: Db, profileId: string, input: ParsedAddress): Promise<number> {
  const total = (await refuseDuplicateAddress(tx, profileId, input)).length;
  if (total >= MAX_ADDRESSES_PER_PROFILE) {
    throw new AppError({ kind: 'CONFLICT', code: 'ADDRESS_LIMIT', message: addressCopy.limitReached(MAX_ADDRESSES_PER_PROFILE) });
  }
  return total;
}

export async function clearDefault(tx: Db, profileId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.profileId, profileId), eq(addresses.isDefault, true)));
}
