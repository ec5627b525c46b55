import { eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { KitchenProfile } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { cloudKitchens } from './kitchens.tables';
import { isOpenAt } from './opening-hours';
import { ownedKitchenId } from './owned-kitchen';

export type KitchenRecord = typeof cloudKitchens.$inferSelect;

export function toKitchenProfile(row: KitchenRecord, now = new Date()): KitchenProfile {
  return {
    id: row.id,
    businessName: row.businessName,
    kitchenType: row.kitchenType,
    description: row.description,
    cuisine: row.cuisine,
    imageUrl: row.imageUrl ?? '',
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    contactPhone: row.contactPhone,
    openingHours: [...row.openingHours].sort((a, b) => a.day - b.day),
    timeZone: row.timeZone,
    prepTimeMinutes: row.prepTimeMinutes,
    ordersPerHour: row.ordersPerHour,
    isOpen: row.isOpen,
    openNow: isOpenAt({ hours: row.openingHours, timeZone: row.timeZone, isOpen: row.isOpen, now }),
  };
}

/** The owner's kitchen row, locked for an update when asked. */
export async function ownedKitchen(db: Db, viewer: Actor, options: { lock?: boolean } = {}): Promise<KitchenRecord> {
  const query = db.select().from(cloudKitchens).where(eq(cloudKitchens.id, ownedKitchenId(viewer)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError({ kind: 'NOT_FOUND', message: kitchenRefusals.noKitchen });
  return row;
}

/** The owner's kitchen as its profile page edits it. */
export async function getKitchenProfile(options: { db: Db; viewer: Actor }): Promise<KitchenProfile> {
  return toKitchenProfile(await ownedKitchen(options.db, options.viewer));
}
