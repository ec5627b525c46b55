import type { z } from 'zod';
import type { ReturnQueuePage, returnQueueQuery } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { readReturnQueue } from '../../read-models/return-queue';
import { orderLabels } from '../orders/order-records';
import { paymentsOf, refundable } from '../payments/payment-records';
import { returnRequestsByIds, toReturnRequest } from './return-records';

/**
 * The return requests support works through, newest first, searched by order number or customer and
 * paged on the server. Each open request says the most an approval may refund now: the amount asked,
 * or less when earlier refunds left less of the payment.
 */
export async function listReturns(options: { db: Db; viewer: Viewer; query: z.output<typeof returnQueueQuery> }): Promise<ReturnQueuePage> {
  const { db, query } = options;
  if (options.viewer.role !== 'support' && options.viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const { rows, total } = await readReturnQueue(db, query);
  const records = new Map((await returnRequestsByIds(db, rows.map((row) => row.id))).map((record) => [record.id, record]));
  const orderIds = [...new Set([...records.values()].map((record) => record.orderId))];
  const [labels, payments] = await Promise.all([orderLabels(db, orderIds), paymentsOf(db, orderIds)]);
  const returns = rows.flatMap((row) => {
    const record = records.get(row.id);
    if (!record) return [];
    const payment = payments.get(record.orderId);
    const maxRefund = record.status === 'requested' && payment ? Math.min(record.amount, refundable(payment)) : 0;
    return [{ ...toReturnRequest(record, labels.get(record.orderId) ?? { orderNumber: '', lineNames: new Map(), timeZone: 'UTC' }), customer: row.customer, maxRefund }];
  });
  return { returns, total, page: query.page, pageSize: query.pageSize };
}
