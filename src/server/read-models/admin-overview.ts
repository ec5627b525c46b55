import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, type AdminOverview } from '@/shared/contracts/admin';
import type { OrderStatus } from '@/shared/order-status';
import { queryRows, type Db } from '../db/client';

interface DayRow {
  day: string;
  orders: number;
  revenue: number;
  newCustomers: number;
}

interface RankedRow {
  id: string;
  name: string;
  units: number;
  revenue: number;
}

const TOP = 5;

/**
 * The admin's overview of the last `days` business days (today included), each day counted in the
 * business time zone (ADR 020). Reads orders and their lines (orders), kitchens (kitchens), customers'
 * profiles (auth) and the refund ledger (payments). Revenue counts what orders that were not cancelled
 * came to; refunds are shown beside it, not taken off.
 */
export async function readAdminOverview(db: Db, options: { days: number }): Promise<AdminOverview> {
  const tz = BUSINESS_TIME_ZONE;
  const firstDay = sql`((now() at time zone ${tz})::date - ${options.days - 1}::int)`;
  // The first business day's midnight as an instant: indexes on timestamps stay usable.
  const since = sql`(${firstDay}::timestamp at time zone ${tz})`;
  const sold = sql`o.status <> 'cancelled' and o.placed_at >= ${since}`;

  const [perDay, byStatus, topProducts, topKitchens, [refunds]] = await Promise.all([
    queryRows<DayRow>(
      db,
      sql`with span as (
          select d::date as day from generate_series(${firstDay}, (now() at time zone ${tz})::date, interval '1 day') d
        ), placed as (
          select (placed_at at time zone ${tz})::date as day, count(*)::int as orders,
            coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::int as revenue
          from orders where placed_at >= ${since} group by 1
        ), joined as (
          select (created_at at time zone ${tz})::date as day, count(*)::int as customers
          from profiles where role = 'customer' and created_at >= ${since} group by 1
        )
        select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(placed.orders, 0) as orders, coalesce(placed.revenue, 0) as revenue,
          coalesce(joined.customers, 0) as "newCustomers"
        from span left join placed using (day) left join joined using (day)
        order by span.day`,
    ),
    queryRows<{ status: OrderStatus; orders: number }>(
      db,
      sql`select status, count(*)::int as orders from orders where placed_at >= ${since} group by status order by orders desc, status`,
    ),
    queryRows<RankedRow>(
      db,
      sql`select oi.product_id as id, min(oi.name) as name, sum(oi.quantity)::int as units, sum(oi.quantity * oi.unit_price)::int as revenue
        from order_items oi join orders o on o.id = oi.order_id
        where ${sold} and oi.product_id is not null
        group by oi.product_id order by revenue desc, units desc, name limit ${TOP}`,
    ),
    queryRows<RankedRow>(
      db,
      sql`select k.id, k.business_name as name, sum(oi.quantity)::int as units, sum(oi.quantity * oi.unit_price)::int as revenue
        from order_items oi join orders o on o.id = oi.order_id join cloud_kitchens k on k.id = o.cloud_kitchen_id
        where ${sold}
        group by k.id, k.business_name order by revenue desc, units desc, name limit ${TOP}`,
    ),
    queryRows<{ count: number; amount: number }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as amount from refunds where status <> 'failed' and created_at >= ${since}`,
    ),
  ]);

  return {
    days: options.days,
    timeZone: tz,
    from: perDay[0]!.day,
    to: perDay.at(-1)!.day,
    perDay,
    totals: {
      orders: perDay.reduce((sum, day) => sum + day.orders, 0),
      revenue: perDay.reduce((sum, day) => sum + day.revenue, 0),
      newCustomers: perDay.reduce((sum, day) => sum + day.newCustomers, 0),
    },
    byStatus,
    topProducts,
    topKitchens,
    refunds: refunds ?? { count: 0, amount: 0 },
  };
}
