import type { AdminWarehouse } from '@/shared/contracts/locations';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import type { Geocoder } from '../../providers/geocoder';
import { recordAudit } from '../audit/record-audit';
import { auditedWarehouse, checkNameFree, placeWarehouse, replaceStaff, toAdminWarehouses, warehouseValues, type WarehouseInput } from './warehouse-records';
import { warehouses } from './locations.tables';

/** An admin opens a warehouse: its address geocoded (or placed where the admin says), its staff assigned, audited. */
export async function createWarehouse(options: { db: Db; geocoder: Geocoder; viewer: Viewer; input: WarehouseInput }): Promise<AdminWarehouse> {
  const { db, viewer, input } = options;
  // Geocode before the transaction: a hosted geocoder may take a while and must not hold locks.
  const place = await placeWarehouse(options.geocoder, input);
  return db.transaction(async (tx) => {
    await checkNameFree(tx, input.name);
    const [row] = await tx.insert(warehouses).values(warehouseValues(input, place)).returning();
    await replaceStaff(tx, row!.id, input.staff);
    const [created] = await toAdminWarehouses(tx, [row!]);
    await recordAudit(tx, viewer, {
      action: 'warehouse.created',
      entityType: 'warehouse',
      entityId: row!.id,
      summary: auditCopy.warehouses.created(row!.name),
      before: null,
      after: auditedWarehouse(created!),
    });
    return created!;
  });
}
