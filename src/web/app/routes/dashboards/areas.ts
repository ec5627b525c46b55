import type { Role } from '@/shared/roles';
import { adminArea } from './admin/area';
import type { DashboardArea } from './area';
import { driverArea } from './driver/area';
import { kitchenArea } from './kitchen/area';
import { managerArea } from './manager/area';
import { supportArea } from './support/area';

/** Each staff role's area; customers have none. */
export const dashboardAreas: Record<Exclude<Role, 'customer'>, DashboardArea> = {
  admin: adminArea,
  manager: managerArea,
  driver: driverArea,
  cloud_kitchen: kitchenArea,
  support: supportArea,
};
