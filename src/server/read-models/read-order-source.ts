import { sql } from 'drizzle-orm';
import type { OrderSource } from '@/shared/contracts/orders';
import { preparedQuery, type Db } from '../db/client';

const selectOrderSource = preparedQuery<{ orderId: string }, OrderSource>(
  'read_order_source',
  ({ orderId }) => sql`select case when k.id is null then 'warehouse' else 'kitchen' end as kind,
      coalesce(k.id, w.id)::text as id,
      coalesce(k.business_name, w.name) as name,
      case when k.id is null then w.latitude else k.latitude end as latitude,
      case when k.id is null then w.longitude else k.longitude end as longitude
    from orders o
    join warehouses w on w.id = o.warehouse_id
    left join cloud_kitchens k on k.id = o.cloud_kitchen_id
    where o.id = ${orderId}`,
);

/**
 * Where an order comes from (orders), by the name and place its warehouse (locations) or kitchen
 * (kitchens) has now: tracking draws it on the map. It only reads.
 */
export async function readOrderSource(options: { db: Db; orderId: string }): Promise<OrderSource | undefined> {
  const [row] = await selectOrderSource(options.db, { orderId: options.orderId });
  return row && { ...row, latitude: row.latitude === null ? null : Number(row.latitude), longitude: row.longitude === null ? null : Number(row.longitude) };
}
