import type { z } from 'zod';
import type { StaffOrderPage, staffOrderQuery } from '@/shared/contracts/staff';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getDriverAvailability } from '../locations/driver-availability';
import { listStaffOrders as readStaffOrders, type StaffOrderScope } from '../../read-models/staff-orders';
import { returnsLeft } from './returnable-orders';

/** The orders a staff member's role lets them list: everything for admins and support, their own stores' otherwise. */
function scopeOf(viewer: Viewer): StaffOrderScope {
  switch (viewer.role) {
    case 'admin':
    case 'support':
      return { kind: 'all' };
    case 'manager':
      return { kind: 'warehouses', warehouseIds: viewer.warehouseIds };
    case 'cloud_kitchen':
      return { kind: 'kitchens', kitchenIds: viewer.kitchenIds };
    case 'driver':
      return { kind: 'driver', profileId: viewer.profileId, warehouseIds: viewer.warehouseIds };
    case 'customer':
      throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.staffOnly });
  }
}

/**
 * A staff queue: the orders this viewer may see, filtered and paged on the server, each saying whether a
 * return may still be asked and whether it was refunded only in part (which it reads). Off shift, a driver
 * is offered nothing.
 */
export async function listStaffOrders(options: { db: Db; viewer: Viewer; query: z.output<typeof staffOrderQuery> }): Promise<StaffOrderPage> {
  const { viewer, query } = options;
  if (query.view === 'offered') {
    if (viewer.role !== 'driver') {
      throw new AppError({ kind: 'VALIDATION_FAILED', message: orderRefusals.offeredForDrivers, fields: { view: orderRefusals.offeredForDrivers } });
    }
    if (!(await getDriverAvailability(options.db, viewer.profileId)).available) return { orders: [], total: 0, page: query.page, pageSize: query.pageSize };
  }
  const page = await readStaffOrders(options.db, scopeOf(viewer), query);
  // A few reads for the page's orders delivered or after only: an active queue has none.
  const left = await returnsLeft(options.db, page.orders);
  return { ...page, orders: page.orders.map((order) => ({ ...order, returnable: left.returnable.has(order.id), partlyRefunded: left.partlyRefunded.has(order.id) })) };
}
