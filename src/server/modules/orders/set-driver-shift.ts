import type { DriverAvailability } from '@/shared/contracts/staff';
import { auditCopy, driverCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { setDriverAvailability } from '../locations/driver-availability';
import { hasActiveDelivery } from './order-records';

/**
 * A driver goes on or off shift. Off shift they are offered nothing, so a driver still carrying (or
 * due to collect) an order may not go off shift until it is delivered.
 */
export async function setDriverShift(options: { db: Db; viewer: Viewer; available: boolean }): Promise<DriverAvailability> {
  const { viewer, available } = options;
  return options.db.transaction(async (tx) => {
    // The switch is written (and locked) before deliveries are counted: an acceptance running now
    // holds the switch, so it is either counted here or sees the driver off shift.
    const { before, after } = await setDriverAvailability(tx, { profileId: viewer.profileId, available });
    if (!available && (await hasActiveDelivery(tx, viewer.profileId))) {
      throw new AppError({ kind: 'CONFLICT', code: 'ACTIVE_DELIVERY', message: driverCopy.refusals.activeDelivery });
    }
    await recordAudit(tx, viewer, {
      action: available ? 'driver.shift_started' : 'driver.shift_ended',
      entityType: 'driver',
      entityId: viewer.profileId,
      summary: available ? auditCopy.drivers.onShift : auditCopy.drivers.offShift,
      before,
      after,
    });
    return after;
  });
}
