import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, ProductList, ProductSort } from '@/shared/contracts/catalog';
import { queryRows, type Db } from '../../db/client';
import { resolveWarehouse } from '../locations/get-warehouse';
import { productCardColumns } from './product-card-sql';

export interface ListProductsOptions {
  db: Db;
  warehouseId?: string;
  categoryId?: string;
  subcategoryId?: string;
  q?: string;
  sort: ProductSort;
  page: number;
  pageSize: number;
}

/**
 * Products the warehouse sells, filtered, searched and sorted. Search matches words (full text,
 * with stemming) or near-spellings of the name (trigram word similarity), so 'banan' and 'chiken' work.
 */
export async function listProducts(options: ListProductsOptions): Promise<ProductList> {
  const { db, categoryId, subcategoryId, sort, page, pageSize } = options;
  const warehouse = await resolveWarehouse({ db, warehouseId: options.warehouseId });
  const q = options.q?.trim() || undefined;

  const conditions: SQL[] = [sql`wp.warehouse_id = ${warehouse.id}`, sql`wp.active`];
  if (categoryId) conditions.push(sql`p.category_id = ${categoryId}`);
  if (subcategoryId) conditions.push(sql`p.subcategory_id = ${subcategoryId}`);
  if (q) {
    // Words first (full text, stemmed); only when no product matches the words is the query taken
    // as a misspelling and matched by trigram similarity to product names ('chiken' → 'Chicken').
    const [words] = await queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from products where search_vector @@ websearch_to_tsquery('english', ${q})) as found`,
    );
    conditions.push(words?.found ? sql`p.search_vector @@ websearch_to_tsquery('english', ${q})` : sql`${q} <% p.name`);
  }

  const orderBy: Record<ProductSort, SQL> = {
    relevance: q
      ? sql`ts_rank(p.search_vector, websearch_to_tsquery('english', ${q})) + word_similarity(${q}, p.name) desc, p.name asc, p.id`
      : sql`p.name asc, p.id`,
    price_asc: sql`wp.price asc, p.name asc, p.id`,
    price_desc: sql`wp.price desc, p.name asc, p.id`,
    name_asc: sql`p.name asc, p.id`,
    name_desc: sql`p.name desc, p.id`,
  };

  const where = sql.join(conditions, sql` and `);
  const [items, counts] = await Promise.all([
    queryRows<ProductCard>(
      db,
      sql`select ${productCardColumns}
          from warehouse_products wp join products p on p.id = wp.product_id
          where ${where}
          order by ${orderBy[sort]}
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from warehouse_products wp join products p on p.id = wp.product_id where ${where}`,
    ),
  ]);
  return { warehouseId: warehouse.id, items, total: counts[0]?.total ?? 0, page, pageSize };
}
