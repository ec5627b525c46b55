import { sql } from 'drizzle-orm';

/**
 * The columns of a product card, read from `products p` joined to `warehouse_products wp`.
 * Shared by the list, the detail's related products and search, so a card is the same everywhere.
 */
export const productCardColumns = sql`
  p.id,
  p.name,
  p.brand,
  p.unit,
  p.product_images[1] as image,
  p.short_description as "shortDescription",
  p.category_id as "categoryId",
  p.subcategory_id as "subcategoryId",
  wp.price,
  wp.stock_quantity as "stockQuantity",
  (wp.stock_quantity > 0) as "inStock",
  (select json_build_object('id', b.id, 'name', b.name, 'buyQuantity', b.buy_quantity, 'getQuantity', b.get_quantity)
     from bogo_offers b
     where b.product_id = p.id and b.active
       and (b.starts_at is null or b.starts_at <= now()) and (b.ends_at is null or b.ends_at > now())
     order by b.created_at limit 1) as bogo`;
