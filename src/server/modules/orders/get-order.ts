import type { Order } from '@/shared/contracts/orders';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { findVisibleOrder } from './order-records';
import { presentOrder } from './present-order';

/** An order for whoever the shared rules let see it; to anyone else it does not exist (404). */
export async function getOrder(options: { db: Db; viewer: Viewer; orderId: string }): Promise<Order> {
  const order = await findVisibleOrder(options.db, { orderId: options.orderId, viewer: options.viewer });
  return presentOrder(options.db, { order, viewer: options.viewer });
}
