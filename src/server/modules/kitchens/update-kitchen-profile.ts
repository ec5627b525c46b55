import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { KitchenProfile, kitchenProfileInput } from '@/shared/contracts/kitchen-operator';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import type { Geocoder } from '../../providers/geocoder';
import { recordAudit } from '../audit/record-audit';
import { locateAddress } from '../locations/address-access';
import { ownedKitchen, toKitchenProfile } from './get-kitchen-profile';
import { cloudKitchens } from './kitchens.tables';

type ProfileChanges = z.output<typeof kitchenProfileInput>;

/** The owner edits the kitchen's profile and hours; a changed address is geocoded again. */
export async function updateKitchenProfile(options: { db: Db; geocoder: Geocoder; viewer: Viewer; input: ProfileChanges }): Promise<KitchenProfile> {
  const { db, viewer, input } = options;
  const current = await ownedKitchen(db, viewer);
  const moved = (['streetAddress', 'city', 'state', 'zipCode'] as const).some((key) => current[key] !== input[key]);
  // Geocode before the transaction: a hosted geocoder may take a while and must not hold the lock.
  const coordinates = moved ? await locateAddress(options.geocoder, input) : {};
  return db.transaction(async (tx) => {
    const before = toKitchenProfile(await ownedKitchen(tx, viewer, { lock: true }));
    const { imageUrl, ...rest } = input;
    const [updated] = await tx
      .update(cloudKitchens)
      .set({ ...rest, ...coordinates, imageUrl: imageUrl || null })
      .where(eq(cloudKitchens.id, before.id))
      .returning();
    const after = toKitchenProfile(updated!);
    await recordAudit(tx, viewer, {
      action: 'kitchen.profile_updated',
      entityType: 'cloud_kitchen',
      entityId: before.id,
      summary: auditCopy.kitchens.profileUpdated(after.businessName),
      before,
      after,
    });
    return after;
  });
}
