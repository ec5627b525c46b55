import type { ReturnRequest } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { orderLabels } from '../orders/order-records';
import { returnQueue, toReturnRequest } from './return-records';

/** How many requests one read of the queue answers at most. */
const QUEUE_LIMIT = 200;

/** The return requests support works through, oldest first, optionally of one status. */
export async function listReturns(options: { db: Db; viewer: Viewer; status?: ReturnRequest['status'] }): Promise<ReturnRequest[]> {
  if (options.viewer.role !== 'support' && options.viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const records = await returnQueue(options.db, { status: options.status, limit: QUEUE_LIMIT });
  const labels = await orderLabels(options.db, [...new Set(records.map((record) => record.orderId))]);
  return records.map((record) => toReturnRequest(record, labels.get(record.orderId) ?? { orderNumber: '', lineNames: new Map() }));
}
