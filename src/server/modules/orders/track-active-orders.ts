import { sql } from 'drizzle-orm';
import type { TrackingSnapshot } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { preparedQuery, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getTrackedOrders } from './get-tracked-order';

/** How many orders on their way one customer is shown at most; more at once is not a real customer. */
const MOST_ACTIVE = 20;

const selectActiveOrders = preparedQuery<{ customerProfileId: string; limit: number }, { id: string }>(
  'select_active_tracked_orders',
  ({ customerProfileId, limit }) => sql`select id from orders
    where customer_profile_id = ${customerProfileId}
      and status in ('placed', 'confirmed', 'processing', 'ready', 'out_for_delivery')
    order by placed_at desc, id desc
    limit ${limit}`,
);

/** The customer's own orders still on their way, newest first, as tracking snapshots. */
export async function trackActiveOrders(options: { db: Db; viewer: Viewer }): Promise<TrackingSnapshot[]> {
  const { db, viewer } = options;
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
  const rows = await selectActiveOrders(db, { customerProfileId: viewer.profileId, limit: MOST_ACTIVE });
  const tracked = await getTrackedOrders({ db, orderIds: rows.map((row) => row.id), view: 'viewer' });
  return tracked.map((order) => order.snapshot);
}
