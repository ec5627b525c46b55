import { sql } from 'drizzle-orm';
import type { CompletedDeliveriesPage, CompletedDelivery } from '@/shared/contracts/staff';
import { queryRows, type Db } from '../db/client';

interface Row extends Omit<CompletedDelivery, 'deliveredAt'> {
  deliveredAt: Date | string;
}

interface SummaryRow {
  total: number;
  todayDeliveries: number;
  todayTips: number;
  weekDeliveries: number;
  weekTips: number;
}

/**
 * The orders one driver delivered (orders and their events), with where they came from (locations,
 * kitchens), newest delivery first, and what today and the last 7 days came to as of `now`, each day
 * counted midnight to midnight in `timeZone`. An order counts once it was delivered, whatever was asked
 * back since: the tip stays the driver's. Only the city of the drop-off is read. It only reads.
 */
export async function readCompletedDeliveries(
  db: Db,
  options: { driverProfileId: string; timeZone: string; now: Date; page: number; pageSize: number },
): Promise<CompletedDeliveriesPage> {
  const tz = options.timeZone;
  const localToday = sql`(${options.now.toISOString()}::timestamptz at time zone ${tz})::date`;
  // Midnights as instants, so the comparisons are on timestamps.
  const today = sql`(${localToday}::timestamp at time zone ${tz})`;
  const weekStart = sql`((${localToday} - 6)::timestamp at time zone ${tz})`;
  // The driver stays on an order once it is out for delivery, so its driver is the one who delivered it.
  const delivered = sql`orders o
    join lateral (select min(e.created_at) as at from order_events e where e.order_id = o.id and e.status = 'delivered') d on d.at is not null`;
  const driven = sql`o.driver_profile_id = ${options.driverProfileId}`;

  const [rows, [summary]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select o.id, o.order_number as "orderNumber", o.type, o.tip, d.at as "deliveredAt",
          concat_ws(', ', nullif(o.city, ''), nullif(o.state, '')) as area,
          coalesce(k.business_name, w.name) as "pickupName", coalesce(k.time_zone, w.time_zone) as "timeZone"
        from ${delivered}
        join warehouses w on w.id = o.warehouse_id
        left join cloud_kitchens k on k.id = o.cloud_kitchen_id
        where ${driven}
        order by d.at desc, o.id desc
        limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`,
    ),
    queryRows<SummaryRow>(
      db,
      // Every delivery counted, not only the page's: a page past the last still has the real total.
      sql`select count(*)::int as total,
          count(*) filter (where d.at >= ${today})::int as "todayDeliveries",
          coalesce(sum(o.tip) filter (where d.at >= ${today}), 0)::int as "todayTips",
          count(*) filter (where d.at >= ${weekStart})::int as "weekDeliveries",
          coalesce(sum(o.tip) filter (where d.at >= ${weekStart}), 0)::int as "weekTips"
        from ${delivered}
        where ${driven}`,
    ),
  ]);

  return {
    summary: {
      today: { deliveries: summary?.todayDeliveries ?? 0, tips: summary?.todayTips ?? 0 },
      lastSevenDays: { deliveries: summary?.weekDeliveries ?? 0, tips: summary?.weekTips ?? 0 },
      timeZone: tz,
    },
    deliveries: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      type: row.type,
      pickupName: row.pickupName,
      area: row.area,
      deliveredAt: new Date(row.deliveredAt).toISOString(),
      timeZone: row.timeZone,
      tip: row.tip,
    })),
    total: summary?.total ?? 0,
    page: options.page,
    pageSize: options.pageSize,
  };
}
