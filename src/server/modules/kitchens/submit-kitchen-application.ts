import type { z } from 'zod';
import type { Actor } from '@/shared/access';
import type { KitchenApplication, kitchenApplicationInput } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder';
import { lockProfile } from '../auth/lock-profile';
import { locateAddress } from '../locations/address-access';
import { latestApplicationOf, toKitchenApplication } from './kitchen-application-records';
import { kitchenApplications } from './kitchens.tables';

/**
 * A person applies to open a kitchen. The address is geocoded for the kitchen's place on the map.
 * One application waits for review at a time, and someone who already owns a kitchen need not apply.
 */
export async function submitKitchenApplication(options: {
  db: Db;
  geocoder: Geocoder;
  viewer: Actor;
  input: z.output<typeof kitchenApplicationInput>;
}): Promise<KitchenApplication> {
  const { db, viewer, input } = options;
  if (viewer.kitchenIds.length > 0) throw new AppError({ kind: 'CONFLICT', code: 'ALREADY_OWNS_KITCHEN', message: kitchenRefusals.alreadyOwnsKitchen });
  // Geocode before the transaction: a hosted geocoder may take a while and must not hold the lock.
  const coordinates = await locateAddress(options.geocoder, input);
  return db.transaction(async (tx) => {
    await lockProfile({ tx, profileId: viewer.profileId });
    const latest = await latestApplicationOf(tx, viewer.profileId);
    if (latest?.status === 'pending') {
      throw new AppError({ kind: 'CONFLICT', code: 'APPLICATION_PENDING', message: kitchenRefusals.applicationPending });
    }
    const [created] = await tx
      .insert(kitchenApplications)
      .values({ ...input, ...coordinates, profileId: viewer.profileId })
      .returning();
    return toKitchenApplication(created!);
  });
}
