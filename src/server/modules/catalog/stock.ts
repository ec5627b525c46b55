import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';

/** A grocery item an order takes from a warehouse's shelves: a product, a bundle or a BOGO set, and how many. */
export interface StockItem {
  itemType: 'product' | 'bundle' | 'bogo';
  /** The product, bundle or offer id. */
  ref: string;
  quantity: number;
}

// A bundle takes each component's quantity per bundle; a deal set takes buy + get units of its product.
// The units each product gives, summed, with the items (by position) it is part of.
const unitsSql = (items: string) => sql`wanted as (
      select * from jsonb_to_recordset(${items}::jsonb) as i(ord int, item_type text, ref uuid, quantity int)
    ), parts as (
      select i.ord, i.ref as product_id, i.quantity as units from wanted i where i.item_type = 'product'
      union all
      select i.ord, bi.product_id, bi.quantity * i.quantity from wanted i join bundle_items bi on bi.bundle_id = i.ref where i.item_type = 'bundle'
      union all
      select i.ord, o.product_id, (o.buy_quantity + o.get_quantity) * i.quantity from wanted i join bogo_offers o on o.id = i.ref where i.item_type = 'bogo'
    ), units as (
      select product_id, sum(units)::int as units, array_agg(distinct ord) as items from parts group by product_id
    )`;

// Shelves are locked in product order, so two orders sharing products wait for each other instead of
// deadlocking; the lock returns each shelf as the last committed change left it. Only an active shelf
// sells; stock goes back to any shelf.
const lockedSql = (warehouseId: string, selling: boolean) => sql`locked as materialized (
      select wp.product_id, wp.stock_quantity as stock from warehouse_products wp
      where wp.warehouse_id = ${warehouseId} ${selling ? sql`and wp.active` : sql``} and wp.product_id in (select product_id from units)
      order by wp.product_id
      for update
    )`;

/**
 * One statement: lock the shelves, check every product has its units, and take them only when all
 * of them do. The update only touches shelves the lock already holds (it reads them through
 * `checked`), and it is skipped as a whole when any product is short.
 */
const takeUnits = preparedQuery<{ warehouseId: string; items: string }, { items: number[]; enough: boolean }>(
  'stock_take_units',
  ({ warehouseId, items }) => sql`with ${unitsSql(items)}, ${lockedSql(warehouseId, true)}, checked as materialized (
      select u.product_id, u.units, u.items, coalesce(l.stock, 0) >= u.units as enough from units u left join locked l on l.product_id = u.product_id
    ), moved as (
      update warehouse_products wp set stock_quantity = wp.stock_quantity - c.units, updated_at = now()
      from checked c
      where wp.warehouse_id = ${warehouseId} and wp.product_id = c.product_id and not exists (select 1 from checked where not enough)
    )
    select c.items, c.enough from checked c`,
);

const returnUnits = preparedQuery<{ warehouseId: string; items: string }, unknown>(
  'stock_return_units',
  ({ warehouseId, items }) => sql`with ${unitsSql(items)}, ${lockedSql(warehouseId, false)}
    update warehouse_products wp set stock_quantity = wp.stock_quantity + u.units, updated_at = now()
    from locked l join units u on u.product_id = l.product_id
    where wp.warehouse_id = ${warehouseId} and wp.product_id = l.product_id`,
);

const itemsJson = (items: readonly StockItem[]) =>
  JSON.stringify(items.map((item, ord) => ({ ord, item_type: item.itemType, ref: item.ref, quantity: item.quantity })));

/**
 * Takes the items' units off the warehouse's shelves, all or nothing, inside the caller's transaction.
 * Answers the indexes of the items the stock (or an inactive shelf) cannot cover; when there are any,
 * nothing was taken. No shelf ever goes below zero, however many orders run at once.
 */
export async function reserveStock(tx: Db, options: { warehouseId: string; items: readonly StockItem[] }): Promise<{ shortItems: number[] }> {
  if (options.items.length === 0) return { shortItems: [] };
  const rows = await takeUnits(tx, { warehouseId: options.warehouseId, items: itemsJson(options.items) });
  const short = new Set<number>();
  for (const row of rows) if (!row.enough) for (const item of row.items) short.add(item);
  return { shortItems: [...short].sort((a, b) => a - b) };
}

/** Puts the items' units back on the warehouse's shelves (a cancelled order), inside the caller's transaction. */
export async function releaseStock(tx: Db, options: { warehouseId: string; items: readonly StockItem[] }): Promise<void> {
  if (options.items.length === 0) return;
  await returnUnits(tx, { warehouseId: options.warehouseId, items: itemsJson(options.items) });
}
