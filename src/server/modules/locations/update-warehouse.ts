import { eq } from 'drizzle-orm';
import type { AdminWarehouse } from '@/shared/contracts/locations';
import { warehouseAdminCopy } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder';
import { recordAudit } from '../audit/record-audit';
import { auditedWarehouse, checkNameFree, placeWarehouse, replaceStaff, toAdminWarehouses, warehouseValues, type WarehouseInput } from './warehouse-records';
import { warehouses } from './locations.tables';

/** An admin edits a warehouse's settings and staff; the log keeps it before and after. */
export async function updateWarehouse(options: { db: Db; geocoder: Geocoder; viewer: Viewer; warehouseId: string; input: WarehouseInput }): Promise<AdminWarehouse> {
  const { db, viewer, input, warehouseId } = options;
  const place = await placeWarehouse(options.geocoder, input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(warehouses).where(eq(warehouses.id, warehouseId)).for('update');
    if (!current) throw new AppError({ kind: 'NOT_FOUND', message: warehouseAdminCopy.refusals.notFound });
    if (current.kitchenDefault && !input.active) {
      throw new AppError({ kind: 'CONFLICT', message: warehouseAdminCopy.refusals.kitchenDefaultActive, fields: { active: warehouseAdminCopy.refusals.kitchenDefaultActive } });
    }
    await checkNameFree(tx, input.name, warehouseId);
    const [before] = await toAdminWarehouses(tx, [current]);
    const [row] = await tx.update(warehouses).set(warehouseValues(input, place)).where(eq(warehouses.id, warehouseId)).returning();
    await replaceStaff(tx, warehouseId, input.staff);
    const [after] = await toAdminWarehouses(tx, [row!]);
    await recordAudit(tx, viewer, {
      action: 'warehouse.updated',
      entityType: 'warehouse',
      entityId: warehouseId,
      summary: auditCopy.warehouses.edited(row!.name),
      before: auditedWarehouse(before!),
      after: auditedWarehouse(after!),
    });
    return after!;
  });
}
