import { sql } from 'drizzle-orm';
import type { DiscountTier, ProductCard, ProductDetail } from '@/shared/contracts/catalog';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { resolveWarehouse } from '../locations/get-warehouse';
import { discounts } from './catalog.tables';
import { productCardColumns } from './product-card-sql';

const tierColumns = tableColumns(discounts, 'd', ['minQuantity', 'percentage']);

type DetailRow = ProductCard & {
  sku: string;
  description: string;
  images: string[];
  category: ProductDetail['category'];
  subcategory: ProductDetail['subcategory'];
};

/** A product as the selected warehouse sells it, with its discount tiers and related products (same aisle, in stock). */
export async function getProduct(options: { db: Db; productId: string; warehouseId?: string }): Promise<ProductDetail> {
  const { db, productId } = options;
  const warehouse = await resolveWarehouse({ db, warehouseId: options.warehouseId });
  const [product] = await queryRows<DetailRow>(
    db,
    sql`select ${productCardColumns},
          p.sku,
          p.description,
          p.product_images as images,
          json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) as category,
          case when s.id is null then null else json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) end as subcategory
        from products p
        join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = ${warehouse.id} and wp.active
        join categories c on c.id = p.category_id
        left join subcategories s on s.id = p.subcategory_id
        where p.id = ${productId}`,
  );
  if (!product) throw new AppError({ kind: 'NOT_FOUND', message: 'This product is not sold by your warehouse.' });

  const [discountTiers, related] = await Promise.all([
    queryRows<Pick<typeof discounts.$inferSelect, 'minQuantity' | 'percentage'>, Pick<DiscountTier, 'scope'>>(
      db,
      sql`select ${tierColumns.sql},
            case when d.product_id is not null then 'product' when d.subcategory_id is not null then 'subcategory'
              when d.category_id is not null then 'category' else 'all' end as scope
          from discounts d
          where d.active
            and (d.valid_from is null or d.valid_from <= now())
            and (d.valid_until is null or d.valid_until > now())
            and (d.product_id = ${product.id} or d.subcategory_id = ${product.subcategoryId} or d.category_id = ${product.categoryId}
              or num_nonnulls(d.product_id, d.subcategory_id, d.category_id) = 0)
          order by d.min_quantity, d.percentage desc`,
      tierColumns,
    ),
    queryRows<ProductCard>(
      db,
      sql`select ${productCardColumns}
          from products p join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = ${warehouse.id} and wp.active
          where p.subcategory_id = ${product.subcategoryId} and p.id <> ${product.id} and wp.stock_quantity > 0
          order by p.name, p.id
          limit 8`,
    ),
  ]);
  return { ...product, warehouseId: warehouse.id, discountTiers: bestTierPerQuantity(discountTiers), related };
}

/** For each minimum quantity keep the best percentage, and drop tiers a smaller quantity already beats. */
function bestTierPerQuantity(tiers: DiscountTier[]): DiscountTier[] {
  const result: DiscountTier[] = [];
  for (const tier of tiers) {
    const best = result.reduce((max, kept) => Math.max(max, kept.percentage), 0);
    if (tier.percentage > best) result.push(tier);
  }
  return result;
}
