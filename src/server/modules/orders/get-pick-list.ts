import { managesWarehouse } from '@/shared/access';
import type { PickList } from '@/shared/contracts/manager';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { pickAisles, pickOrders } from '../../read-models/pick-list';
import { notFound } from './order-records';

const picking: ReadonlySet<string> = new Set(['confirmed', 'processing']);

/**
 * The pick list of one or several grocery orders of the viewer's warehouses (an admin's: any), lines
 * grouped by aisle. An order the viewer may not pick, or that does not exist, makes it 404.
 */
export async function getPickList(options: { db: Db; viewer: Viewer; orderIds: string[] }): Promise<PickList> {
  const { db, viewer } = options;
  const orderIds = [...new Set(options.orderIds)];
  const found = await pickOrders(db, orderIds);
  const mayPick = (order: (typeof found)[number]) => order.type === 'grocery' && (viewer.role === 'admin' || managesWarehouse(viewer, order.warehouseId));
  if (found.length !== orderIds.length || !found.every(mayPick)) throw notFound();
  return {
    orders: found.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      editable: managesWarehouse(viewer, order.warehouseId) && picking.has(order.status),
    })),
    aisles: await pickAisles(db, orderIds),
  };
}
