import { sql, type SQL } from 'drizzle-orm';
import type { OrderSource } from '@/shared/contracts/orders';
import { queryRows, type Db } from '../db/client';

/**
 * What an order page shows of other modules: the warehouse or kitchen it comes from (locations,
 * kitchens) and people's names (auth). One place that only reads, so the orders, returns and reviews
 * modules need not each reach into those tables.
 */

/**
 * How many units an order brings, as its lists count them: those ordered, less those missing at
 * picking and refunded (a substitute still comes). `orderId` is the outer query's order id column.
 */
export function itemCountOf(orderId: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(oi.quantity - case when oi.fulfilment = 'refunded' then oi.unavailable_quantity else 0 end), 0)::int
    from order_items oi where oi.order_id = ${orderId})`;
}

/** The warehouses and kitchens named, by id. */
export async function orderSources(db: Db, options: { warehouseIds: readonly string[]; kitchenIds: readonly string[] }): Promise<Map<string, OrderSource>> {
  const rows = await queryRows<OrderSource>(
    db,
    sql`select 'warehouse' as kind, w.id, w.name, w.latitude, w.longitude, w.time_zone as "timeZone" from warehouses w
        where w.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(options.warehouseIds)}::jsonb))
      union all
      select 'kitchen' as kind, k.id, k.business_name as name, k.latitude, k.longitude, k.time_zone as "timeZone" from cloud_kitchens k
        where k.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(options.kitchenIds)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** First and last names of profiles, by profile id. */
export async function profileNames(db: Db, profileIds: readonly string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
  if (profileIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; firstName: string | null; lastName: string | null }>(
    db,
    sql`select p.id, p.first_name as "firstName", p.last_name as "lastName" from profiles p
      where p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(profileIds)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.id, { firstName: row.firstName ?? '', lastName: row.lastName ?? '' }]));
}
