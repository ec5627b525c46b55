import { and, eq } from 'drizzle-orm';
import type { WarehouseStaffRole } from '@/shared/access';
import type { Db } from '../../db/client';
import { warehouseStaff } from './locations.tables';

/** Whether a person works at a warehouse in this role (a driver who delivers from it, a manager who runs it). */
export async function worksAtWarehouse(db: Db, options: { profileId: string; warehouseId: string; role: WarehouseStaffRole }): Promise<boolean> {
  const rows = await db
    .select({ profileId: warehouseStaff.profileId })
    .from(warehouseStaff)
    .where(and(eq(warehouseStaff.profileId, options.profileId), eq(warehouseStaff.warehouseId, options.warehouseId), eq(warehouseStaff.role, options.role)));
  return rows.length > 0;
}
