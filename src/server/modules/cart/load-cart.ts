import { sql } from 'drizzle-orm';
import type { Cart, CartLine } from '@/shared/contracts/cart';
import { cartKind } from '@/shared/cart-rules';
import { summarize } from '@/shared/money';
import { preparedRows, type Db } from '../../db/client';
import { mediaUrl } from '../catalog/media-urls';

type LineRow = Omit<CartLine, 'image'> & { image: string | null; deliveryFee: number };

/** The cart as the customer sees it: its lines with names and images, in the order they were added, and the totals. */
export async function loadCart(options: { db: Db; cartId: string }): Promise<Cart> {
  const rows = await preparedRows<LineRow>(
    options.db,
    'load_cart',
    sql`select ci.id, ci.item_type as "itemType", ci.product_id as "productId", ci.bundle_id as "bundleId",
          ci.bogo_offer_id as "bogoOfferId", ci.cloud_kitchen_product_id as "cloudKitchenProductId",
          d.cloud_kitchen_id as "cloudKitchenId", ci.warehouse_id as "warehouseId", ci.quantity,
          ci.unit_price as "unitPrice", ci.original_price as "originalPrice",
          coalesce(o.name, b.name, d.name, p.name) as name,
          case ci.item_type
            when 'product' then p.unit
            when 'bogo' then p.name || ' · buy ' || o.buy_quantity || ' get ' || o.get_quantity
            when 'bundle' then 'Bundle of ' || (select count(*) from bundle_items bi where bi.bundle_id = ci.bundle_id) || ' products'
            else k.business_name
          end as detail,
          coalesce(p.product_images[1], b.image_url, d.images[1]) as image,
          case ci.item_type
            when 'product' then coalesce(wp.stock_quantity, 0)
            when 'bogo' then coalesce(wp.stock_quantity / (o.buy_quantity + o.get_quantity), 0)
            when 'bundle' then coalesce((
              select min(coalesce(bwp.stock_quantity, 0) / bi.quantity) from bundle_items bi
              left join warehouse_products bwp on bwp.product_id = bi.product_id and bwp.warehouse_id = ci.warehouse_id and bwp.active
              where bi.bundle_id = ci.bundle_id), 0)
            else 2147483647
          end::int as "maxQuantity",
          w.delivery_fee_cents as "deliveryFee"
        from cart_items ci
        join warehouses w on w.id = ci.warehouse_id
        left join products p on p.id = ci.product_id
        left join warehouse_products wp on wp.product_id = ci.product_id and wp.warehouse_id = ci.warehouse_id and wp.active
        left join bogo_offers o on o.id = ci.bogo_offer_id
        left join product_bundles b on b.id = ci.bundle_id
        left join cloud_kitchen_products d on d.id = ci.cloud_kitchen_product_id
        left join cloud_kitchens k on k.id = d.cloud_kitchen_id
        where ci.cart_id = ${options.cartId}
        order by ci.created_at, ci.id`,
  );
  const items: CartLine[] = rows.map(({ deliveryFee: _fee, ...line }) => ({
    ...line,
    image:
      line.image ??
      (line.bundleId ? mediaUrl.bundle(line.bundleId) : line.cloudKitchenProductId ? mediaUrl.dish(line.cloudKitchenProductId) : null),
  }));
  return toCart(options.cartId, items, rows[0]?.deliveryFee ?? 0);
}

export function toCart(id: string, items: CartLine[], deliveryFee: number, skipped: Cart['skipped'] = []): Cart {
  return {
    id,
    kind: cartKind(items.map((item) => item.itemType)),
    items,
    itemCount: items.reduce((count, item) => count + item.quantity, 0),
    summary: summarize(items, { deliveryFee: items.length > 0 ? deliveryFee : 0 }),
    skipped,
  };
}
