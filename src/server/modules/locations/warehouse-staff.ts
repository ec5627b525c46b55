import { and, eq, inArray } from 'drizzle-orm';
import type { WarehouseStaffRole } from '@/shared/access';
import type { Db } from '../../db/client';
import { warehouses, warehouseStaff } from './locations.tables';

/** Whether a person works at a warehouse in this role (a driver who delivers from it, a manager who runs it). */
export async function worksAtWarehouse(db: Db, options: { profileId: string; warehouseId: string; role: WarehouseStaffRole }): Promise<boolean> {
  const rows = await db
    .select({ profileId: warehouseStaff.profileId })
    .from(warehouseStaff)
    .where(and(eq(warehouseStaff.profileId, options.profileId), eq(warehouseStaff.warehouseId, options.warehouseId), eq(warehouseStaff.role, options.role)));
  return rows.length > 0;
}

/** The warehouses a person works at (in any role), ordered by id. */
export async function staffWarehouseIds(db: Db, profileId: string): Promise<string[]> {
  const rows = await db.select({ warehouseId: warehouseStaff.warehouseId }).from(warehouseStaff).where(eq(warehouseStaff.profileId, profileId)).orderBy(warehouseStaff.warehouseId);
  return rows.map((row) => row.warehouseId);
}

/**
 * Makes a person work at exactly these warehouses in this role (none when the role is not a warehouse
 * role), inside the caller's transaction. Answers the ids that name no warehouse, and then writes nothing.
 */
export async function setWarehouseStaff(tx: Db, options: { profileId: string; role: WarehouseStaffRole | null; warehouseIds: readonly string[] }): Promise<{ unknownIds: string[] }> {
  const ids = options.role ? [...new Set(options.warehouseIds)] : [];
  if (ids.length > 0) {
    const found = new Set((await tx.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.id, ids))).map((row) => row.id));
    const unknownIds = ids.filter((id) => !found.has(id));
    if (unknownIds.length > 0) return { unknownIds };
  }
  await tx.delete(warehouseStaff).where(eq(warehouseStaff.profileId, options.profileId));
  if (options.role && ids.length > 0) {
    await tx.insert(warehouseStaff).values(ids.map((warehouseId) => ({ profileId: options.profileId, warehouseId, role: options.role! })));
  }
  return { unknownIds: [] };
}
