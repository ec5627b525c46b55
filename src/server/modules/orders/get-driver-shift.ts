import type { DriverAvailability } from '@/shared/contracts/staff';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { getDriverAvailability } from '../locations/driver-availability';

/** The signed-in driver's shift switch. */
export function getDriverShift(options: { db: Db; viewer: Viewer }): Promise<DriverAvailability> {
  return getDriverAvailability(options.db, options.viewer.profileId);
}
