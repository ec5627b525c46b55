import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** Tomorrow at an hour of a zone's clock: a fixed "now" for tests whose answers depend on delivery hours. */
export function tomorrowAt(hour: number, timeZone = 'America/Chicago'): Date {
  const today = new TZDate(Date.now(), timeZone);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 1, hour, 0, 0, 0, timeZone).getTime());
}

/** Everything placing an order may write, counted: a refusal must leave every number as it was. */
export interface WrittenCounts {
  orders: number;
  orderItems: number;
  orderEvents: number;
  payments: number;
  bookedPlaces: number;
  cartLines: number;
  stock: number;
}

export async function writtenCounts(db: Db): Promise<WrittenCounts> {
  const [row] = await queryRows<WrittenCounts>(
    db,
    sql`select
      (select count(*) from orders)::int as orders,
      (select count(*) from order_items)::int as "orderItems",
      (select count(*) from order_events)::int as "orderEvents",
      (select count(*) from payments)::int as payments,
      (select coalesce(sum(booked), 0) from slot_bookings)::int as "bookedPlaces",
      (select count(*) from cart_items)::int as "cartLines",
      (select coalesce(sum(stock_quantity), 0) from warehouse_products)::int as stock`,
  );
  return row!;
}

/** The stock of products at a warehouse, by product id. */
export async function stockOf(db: Db, warehouseId: string, productIds: readonly string[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ productId: string; stock: number }>(
    db,
    sql`select product_id as "productId", stock_quantity as stock from warehouse_products
      where warehouse_id = ${warehouseId} and product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`,
  );
  return Object.fromEntries(rows.map((row) => [row.productId, row.stock]));
}
