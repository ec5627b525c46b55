import { sql } from 'drizzle-orm';
import type { CartItemInput } from '@/shared/contracts/cart';
import { refOf } from '@/shared/cart-rules';
import { discounted, percentToBasisPoints } from '@/shared/money';
import { preparedQuery, type Db } from '../../db/client';
import { mediaUrl } from './media-urls';

/** A grocery item the cart asks about: a product, a bundle or a BOGO set, at a warehouse and a quantity. */
export type GroceryItemInput = Exclude<CartItemInput, { itemType: 'cloud_kitchen' }>;

export interface CatalogItemRequest {
  item: GroceryItemInput;
  /**
   * Whether to work out the quantity discount for the item's quantity. Lines the cart does not
   * re-price skip it: the discount function is the costliest part of the read.
   */
  price: boolean;
}

/** What the catalog says about an item a cart holds or wants. Money in cents. */
export interface CatalogItem {
  /** The product a BOGO set is made of; null for other items. */
  productId: string | null;
  name: string;
  detail: string;
  image: string | null;
  /** Sold by the warehouse: the item, and every product it is made of, are active there. */
  available: boolean;
  /** The price of one unit (one set, one bundle) at the asked quantity; the shelf price when not priced. */
  unitPrice: number;
  /** The undiscounted price of one unit. */
  originalPrice: number;
  /** How many units the warehouse's stock can make (0 when not sold). */
  stockMaximum: number;
}

interface Row {
  ord: number;
  productId: string | null;
  name: string;
  detail: string;
  image: string | null;
  available: boolean;
  price: number | null;
  originalPrice: number | null;
  percentage: number | null;
  stockMaximum: number;
}

const describeItems = preparedQuery<{ input: string }, Row>(
  'describe_cart_items',
  ({ input }) =>
    sql`with input as (
          select * from jsonb_to_recordset(${input}::jsonb) as i(ord int, item_type text, ref uuid, warehouse_id uuid, quantity int, price boolean)
        )
        select i.ord, null::uuid as "productId", p.name, p.unit as detail, p.product_images[1] as image,
          wp.product_id is not null as available, wp.price, wp.price as "originalPrice",
          best.percentage, coalesce(wp.stock_quantity, 0) as "stockMaximum"
        from input i
        join products p on p.id = i.ref
        left join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = i.warehouse_id and wp.active
        left join lateral (
          select d.discount_percentage::float8 as percentage
          from get_best_discount_for_product_with_quantity(p.id, p.category_id, p.subcategory_id, i.quantity) d
          where i.price
        ) best on true
        where i.item_type = 'product'
        union all
        -- A deal set is priced at shelf price; quantity discounts do not stack on it. Outside its
        -- window an offer is not sold, like an inactive one.
        select i.ord, o.product_id, o.name, p.name || ' · buy ' || o.buy_quantity || ' get ' || o.get_quantity, p.product_images[1],
          o.active and (o.starts_at is null or o.starts_at <= now()) and (o.ends_at is null or o.ends_at > now())
            and wp.product_id is not null,
          o.buy_quantity * wp.price, (o.buy_quantity + o.get_quantity) * wp.price,
          null, coalesce(wp.stock_quantity / (o.buy_quantity + o.get_quantity), 0)
        from input i
        join bogo_offers o on o.id = i.ref
        join products p on p.id = o.product_id
        left join warehouse_products wp on wp.product_id = o.product_id and wp.warehouse_id = i.warehouse_id and wp.active
        where i.item_type = 'bogo'
        union all
        -- Every component must be sold by the warehouse for the bundle to be.
        select i.ord, null, b.name, 'Bundle of ' || count(bi.product_id) || ' products', b.image_url,
          b.active and count(wp.product_id) = count(bi.product_id), b.discounted_price, sum(wp.price * bi.quantity)::int,
          null, coalesce(min(wp.stock_quantity / bi.quantity), 0)::int
        from input i
        join product_bundles b on b.id = i.ref
        join bundle_items bi on bi.bundle_id = b.id
        left join warehouse_products wp on wp.product_id = bi.product_id and wp.warehouse_id = i.warehouse_id and wp.active
        where i.item_type = 'bundle'
        group by i.ord, b.id`,
);

/**
 * Names, images, prices and stock of the grocery items of a cart, all in one query whatever the number
 * of lines. Answers in the order asked; null for an item that does not exist. The warehouse's own state
 * (active, delivery fee) is the locations module's to say.
 */
export async function describeCartItems(options: { db: Db; items: readonly CatalogItemRequest[] }): Promise<(CatalogItem | null)[]> {
  if (options.items.length === 0) return [];
  const input = JSON.stringify(
    options.items.map(({ item, price }, ord) => ({
      ord,
      item_type: item.itemType,
      ref: refOf(item),
      warehouse_id: item.warehouseId,
      // The discount function takes an int; the cart never asks beyond its cap.
      quantity: Math.min(item.quantity, 2_147_483_647),
      price,
    })),
  );
  const rows = await describeItems(options.db, { input });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return options.items.map(({ item }, ord) => {
    const row = byOrd.get(ord);
    if (!row) return null;
    const available = row.available && row.price !== null && row.originalPrice !== null;
    const bp = row.percentage === null ? 0 : percentToBasisPoints(row.percentage);
    return {
      productId: row.productId,
      name: row.name,
      detail: row.detail,
      image: row.image ?? (item.itemType === 'bundle' ? mediaUrl.bundle(refOf(item)) : null),
      available,
      // The discount is always taken off the original price for the line's quantity.
      unitPrice: available ? (item.itemType === 'product' ? discounted(row.price!, bp) : row.price!) : 0,
      originalPrice: available ? row.originalPrice! : 0,
      stockMaximum: available ? row.stockMaximum : 0,
    };
  });
}
