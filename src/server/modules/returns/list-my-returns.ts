import type { ReturnRequest } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { orderLabels } from '../orders/order-records';
import { returnRequestsOfCustomer, toReturnRequest } from './return-records';

/** The signed-in customer's own return requests with their status, newest first (the latest 100). */
export async function listMyReturns(options: { db: Db; viewer: Viewer }): Promise<{ returns: ReturnRequest[] }> {
  const { db, viewer } = options;
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const records = await returnRequestsOfCustomer(db, viewer.profileId);
  const labels = await orderLabels(db, [...new Set(records.map((record) => record.orderId))]);
  return {
    returns: records.map((record) => toReturnRequest(record, labels.get(record.orderId) ?? { orderNumber: '', lineNames: new Map(), timeZone: 'UTC' })),
  };
}
