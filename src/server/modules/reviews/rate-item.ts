import { receivedStatuses, type RatingSummary } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { dishRatingSummary, productRatingSummary } from '../../read-models/rating-summaries';
import { findVisibleOrder, linesOf, notFound } from '../orders/order-records';
import { ratedItemOf } from '../orders/present-order';
import { saveRating } from './rating-records';

const received: ReadonlySet<string> = new Set(receivedStatuses);

/**
 * A customer rates an item they received: a product (a BOGO line rates its product) or a dish, on a
 * line of their own order that was delivered. One rating per customer per item; rating again edits it.
 * Answers the item's summary with the rating in it.
 */
export async function rateItem(options: {
  db: Db;
  viewer: Viewer;
  input: { orderId: string; orderLineId: string; stars: number; comment: string };
}): Promise<RatingSummary> {
  const { db, viewer, input } = options;
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', code: 'NOT_RECEIVED', message: orderRefusals.notReceived });
  const order = await findVisibleOrder(db, { orderId: input.orderId, viewer });
  if (order.customerProfileId !== viewer.profileId) throw notFound();
  const line = (await linesOf(db, order.id)).find((candidate) => candidate.id === input.orderLineId);
  if (!line) throw new AppError({ kind: 'NOT_FOUND', code: 'NOT_RECEIVED', message: orderRefusals.notReceived });
  if (line.itemType === 'bundle') {
    throw new AppError({ kind: 'VALIDATION_FAILED', code: 'NOT_RATABLE', message: orderRefusals.bundleNotRatable, fields: { orderLineId: orderRefusals.bundleNotRatable } });
  }
  if (!received.has(order.status)) throw new AppError({ kind: 'FORBIDDEN', code: 'NOT_RECEIVED', message: orderRefusals.notReceived });
  const item = ratedItemOf(line);
  // The item is no longer sold: nothing left to rate.
  if (!item) throw new AppError({ kind: 'NOT_FOUND', code: 'NOT_RECEIVED', message: orderRefusals.notReceived });
  await saveRating(db, { profileId: viewer.profileId, item, orderId: order.id, stars: input.stars, comment: input.comment });
  return 'productId' in item ? productRatingSummary(db, item.productId) : dishRatingSummary(db, item.dishId);
}
