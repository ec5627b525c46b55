import type { ManagerDriver } from '@/shared/contracts/manager';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { orderSources } from '../../read-models/order-context';
import { driverDetails } from '../../read-models/warehouse-drivers';
import { driversOnShift } from '../locations/driver-availability';
import { notFound } from './order-records';

/**
 * The drivers on shift at the manager's warehouses (or one of them), each with the warehouses they
 * deliver from and the orders they are driving now. A warehouse the manager does not run is 404.
 */
export async function listWarehouseDrivers(options: { db: Db; viewer: Viewer; warehouseId?: string }): Promise<ManagerDriver[]> {
  const { db, viewer, warehouseId } = options;
  if (warehouseId && !viewer.warehouseIds.includes(warehouseId)) throw notFound();
  const warehouseIds = warehouseId ? [warehouseId] : viewer.warehouseIds;
  const onShift = await driversOnShift(db, warehouseIds);
  const [{ people, deliveries }, sources] = await Promise.all([
    driverDetails(db, onShift.map((driver) => driver.profileId)),
    orderSources(db, { warehouseIds, kitchenIds: [] }),
  ]);
  const shifts = new Map(onShift.map((driver) => [driver.profileId, driver]));
  return people.map((person) => {
    const shift = shifts.get(person.profileId)!;
    return {
      ...person,
      warehouses: shift.warehouseIds.map((id) => ({ id, name: sources.get(id)?.name ?? '', timeZone: sources.get(id)?.timeZone ?? 'UTC' })),
      onShiftSince: shift.since,
      deliveries: deliveries
        .filter((delivery) => delivery.driverProfileId === person.profileId)
        .map(({ driverProfileId: _driver, ...delivery }) => delivery),
    };
  });
}
