import type { Order } from '@/shared/contracts/orders';
import { orderNotes, orderRefusals } from '@/shared/copy';
import { canAssignDriver } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { profileNames } from '../../read-models/order-context';
import { worksAtWarehouse } from '../locations/warehouse-staff';
import { factsOf, lockOrder, setOrderDriver, statusNotAllowed } from './order-records';
import { recordOrderEvent } from './order-events';
import { presentOrder } from './present-order';

/**
 * The manager of the order's warehouse assigns (or reassigns) a driver of that warehouse, until the
 * order is out for delivery. The assignment is an event on the current status, with the driver named.
 */
export async function assignDriver(options: { db: Db; viewer: Viewer; orderId: string; driverProfileId: string }): Promise<Order> {
  const { db, viewer } = options;
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    if (!canAssignDriver({ viewer, order: factsOf(locked) })) throw statusNotAllowed();
    if (!(await worksAtWarehouse(tx, { profileId: options.driverProfileId, warehouseId: locked.warehouseId, role: 'driver' }))) {
      throw new AppError({ kind: 'VALIDATION_FAILED', code: 'NOT_A_DRIVER', message: orderRefusals.notADriver, fields: { driverProfileId: orderRefusals.notADriver } });
    }
    const updated = await setOrderDriver(tx, { order: locked, driverProfileId: options.driverProfileId, viewer });
    const names = await profileNames(tx, [options.driverProfileId]);
    await recordOrderEvent(tx, { orderId: locked.id, status: locked.status, actor: viewer, note: orderNotes.driverAssigned(names.get(options.driverProfileId)?.firstName ?? '') });
    return updated;
  });
  return presentOrder(db, { order, viewer });
}
