import { sql } from 'drizzle-orm';
import type { Category } from '@/shared/contracts/catalog';
import { queryRows, type Db } from '../../db/client';
import { resolveWarehouse } from '../locations/get-warehouse';
import { mediaUrl } from './media-urls';

/** Categories with their subcategories and how many products the warehouse sells in each. */
export async function listCategories(options: { db: Db; warehouseId?: string }): Promise<Category[]> {
  const warehouse = await resolveWarehouse(options);
  const rows = await queryRows<Omit<Category, 'image'>>(
    options.db,
    sql`select c.id, c.name, c.slug, c.description, c.icon, c.color,
          (select count(*)::int from products p join warehouse_products wp on wp.product_id = p.id
             where p.category_id = c.id and wp.warehouse_id = ${warehouse.id} and wp.active) as "productCount",
          coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) order by s.sort_order, s.name)
             from subcategories s where s.category_id = c.id), '[]'::json) as subcategories
        from categories c
        order by c.sort_order, c.name`,
  );
  return rows.map((row) => ({ ...row, image: mediaUrl.category(row.slug) }));
}
