import { operatesOrder } from '@/shared/access';
import type { SubstituteCandidate } from '@/shared/contracts/manager';
import { managerRefusals, orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { substituteCandidates } from '../catalog/substitutes';
import { factsOf, findVisibleOrder, linesOf } from './order-records';

/** What the order's warehouse could send instead of a product line: a similar item, at most a little dearer, in stock. */
export async function listSubstitutes(options: { db: Db; viewer: Viewer; orderId: string; lineId: string; q?: string }): Promise<SubstituteCandidate[]> {
  const { db, viewer } = options;
  const order = await findVisibleOrder(db, { orderId: options.orderId, viewer });
  if (order.type !== 'grocery' || !operatesOrder(viewer, factsOf(order))) throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const line = (await linesOf(db, order.id)).find((candidate) => candidate.id === options.lineId);
  if (!line) throw new AppError({ kind: 'NOT_FOUND', message: managerRefusals.lineNotFound });
  if (line.itemType !== 'product' || !line.productId) return [];
  return substituteCandidates(db, { warehouseId: order.warehouseId, productId: line.productId, linePrice: line.unitPrice, units: 1, q: options.q });
}
