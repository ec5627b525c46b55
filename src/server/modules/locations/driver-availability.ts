import { and, eq, inArray } from 'drizzle-orm';
import type { DriverAvailability } from '@/shared/contracts/staff';
import type { Db } from '../../db/client';
import { driverAvailability, warehouseStaff } from './locations.tables';

/**
 * A driver's switch as it stands; a driver who never set it is off shift. With `share`, the switch is
 * locked against a change until the transaction ends (a delivery accepted on shift stays accepted on shift).
 */
export async function getDriverAvailability(db: Db, profileId: string, options: { share?: boolean } = {}): Promise<DriverAvailability> {
  const query = db.select().from(driverAvailability).where(eq(driverAvailability.profileId, profileId));
  const [row] = options.share ? await query.for('share') : await query;
  return { available: row?.available ?? false, changedAt: row?.changedAt.toISOString() ?? null };
}

/** Turns a driver's shift on or off; answers the switch as stored and what it was before. */
export async function setDriverAvailability(
  tx: Db,
  options: { profileId: string; available: boolean },
): Promise<{ before: DriverAvailability; after: DriverAvailability }> {
  const before = await getDriverAvailability(tx, options.profileId);
  const [row] = await tx
    .insert(driverAvailability)
    .values({ profileId: options.profileId, available: options.available })
    .onConflictDoUpdate({ target: driverAvailability.profileId, set: { available: options.available, changedAt: new Date() } })
    .returning();
  return { before, after: { available: row!.available, changedAt: row!.changedAt.toISOString() } };
}

/** The drivers of these warehouses who are on shift now, each with the warehouses they deliver from. */
export async function driversOnShift(db: Db, warehouseIds: readonly string[]): Promise<{ profileId: string; warehouseIds: string[]; since: string }[]> {
  if (warehouseIds.length === 0) return [];
  const rows = await db
    .select({ profileId: warehouseStaff.profileId, warehouseId: warehouseStaff.warehouseId, since: driverAvailability.changedAt })
    .from(warehouseStaff)
    .innerJoin(driverAvailability, eq(driverAvailability.profileId, warehouseStaff.profileId))
    .where(and(eq(warehouseStaff.role, 'driver'), inArray(warehouseStaff.warehouseId, [...warehouseIds]), eq(driverAvailability.available, true)));
  const byDriver = new Map<string, { profileId: string; warehouseIds: string[]; since: string }>();
  for (const row of rows) {
    const entry = byDriver.get(row.profileId) ?? { profileId: row.profileId, warehouseIds: [], since: row.since.toISOString() };
    entry.warehouseIds.push(row.warehouseId);
    byDriver.set(row.profileId, entry);
  }
  return [...byDriver.values()];
}
