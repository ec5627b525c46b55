import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';

/** A grocery item an order takes from a warehouse's shelves: a product, a bundle or a BOGO set, and how many. */
export interface StockItem {
  itemType: 'product' | 'bundle' | 'bogo';
  /** The product, bundle or offer id. */
  ref: string;
  quantity: number;
}

interface UnitRow {
  productId: string;
  units: number;
  /** The items (by index) this product is part of. */
  items: number[];
}

// A bundle takes each component's quantity per bundle; a deal set takes buy + get units of its product.
const productUnits = preparedQuery<{ items: string }, UnitRow>(
  'stock_product_units',
  ({ items }) => sql`with wanted as (
      select * from jsonb_to_recordset(${items}::jsonb) as i(ord int, item_type text, ref uuid, quantity int)
    ), units as (
      select i.ord, i.ref as product_id, i.quantity as units from wanted i where i.item_type = 'product'
      union all
      select i.ord, bi.product_id, bi.quantity * i.quantity from wanted i join bundle_items bi on bi.bundle_id = i.ref where i.item_type = 'bundle'
      union all
      select i.ord, o.product_id, (o.buy_quantity + o.get_quantity) * i.quantity from wanted i join bogo_offers o on o.id = i.ref where i.item_type = 'bogo'
    )
    select product_id as "productId", sum(units)::int as units, array_agg(distinct ord) as items
    from units group by product_id order by product_id`,
);

// Rows are locked in product order, so two orders sharing products wait for each other instead of deadlocking.
const lockShelves = preparedQuery<{ warehouseId: string; productIds: string }, { productId: string; stock: number }>(
  'stock_lock_shelves',
  ({ warehouseId, productIds }) => sql`select product_id as "productId", stock_quantity as stock
    from warehouse_products
    where warehouse_id = ${warehouseId} and active
      and product_id in (select value::uuid from jsonb_array_elements_text(${productIds}::jsonb))
    order by product_id
    for update`,
);

const moveStock = preparedQuery<{ warehouseId: string; changes: string }, { productId: string }>(
  'stock_move',
  ({ warehouseId, changes }) => sql`update warehouse_products wp
    set stock_quantity = wp.stock_quantity + c.delta, updated_at = now()
    from jsonb_to_recordset(${changes}::jsonb) as c(product_id uuid, delta int)
    where wp.warehouse_id = ${warehouseId} and wp.product_id = c.product_id
    returning wp.product_id as "productId"`,
);

async function unitsOf(tx: Db, items: readonly StockItem[]): Promise<UnitRow[]> {
  if (items.length === 0) return [];
  return productUnits(tx, { items: JSON.stringify(items.map((item, ord) => ({ ord, item_type: item.itemType, ref: item.ref, quantity: item.quantity }))) });
}

/**
 * Takes the items' units off the warehouse's shelves, all or nothing, inside the caller's transaction.
 * Answers the indexes of the items the stock (or an inactive shelf) cannot cover; when there are any,
 * nothing was taken. No shelf ever goes below zero, however many orders run at once.
 */
export async function reserveStock(tx: Db, options: { warehouseId: string; items: readonly StockItem[] }): Promise<{ shortItems: number[] }> {
  const units = await unitsOf(tx, options.items);
  if (units.length === 0) return { shortItems: [] };
  const shelves = await lockShelves(tx, { warehouseId: options.warehouseId, productIds: JSON.stringify(units.map((unit) => unit.productId)) });
  const stock = new Map(shelves.map((shelf) => [shelf.productId, shelf.stock]));
  const short = new Set<number>();
  for (const unit of units) if ((stock.get(unit.productId) ?? 0) < unit.units) for (const item of unit.items) short.add(item);
  if (short.size > 0) return { shortItems: [...short].sort((a, b) => a - b) };
  await moveStock(tx, { warehouseId: options.warehouseId, changes: JSON.stringify(units.map((unit) => ({ product_id: unit.productId, delta: -unit.units }))) });
  return { shortItems: [] };
}

/** Puts the items' units back on the warehouse's shelves (a cancelled order), inside the caller's transaction. */
export async function releaseStock(tx: Db, options: { warehouseId: string; items: readonly StockItem[] }): Promise<void> {
  const units = await unitsOf(tx, options.items);
  if (units.length === 0) return;
  await lockShelves(tx, { warehouseId: options.warehouseId, productIds: JSON.stringify(units.map((unit) => unit.productId)) });
  await moveStock(tx, { warehouseId: options.warehouseId, changes: JSON.stringify(units.map((unit) => ({ product_id: unit.productId, delta: unit.units }))) });
}
