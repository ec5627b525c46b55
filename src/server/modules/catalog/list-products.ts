import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, ProductList, ProductSort } from '@/shared/contracts/catalog';
import { queryRows, type Db } from '../../db/client';
import { resolveWarehouse } from '../locations/get-warehouse';
import { unitsOrdered } from '../orders/order-records';
import { productAverages } from '../reviews/rating-records';
import { productCardColumns } from './product-card-sql';

/** How far back 'popular' looks: units ordered in the last four weeks. */
export const POPULAR_WINDOW_DAYS = 28;

/**
 * What the warehouse sells (units ordered from it recently, from the orders module) and how products
 * are rated (reviews), as one JSON list the ranking joins: the catalog never reads either's tables.
 */
async function popularity(db: Db, warehouseId: string, now: Date): Promise<string> {
  const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const [sold, rated] = await Promise.all([unitsOrdered(db, { warehouseId, since }), productAverages(db)]);
  const byProduct = new Map<string, { id: string; units: number; rating: number | null }>();
  for (const { productId, units } of sold) byProduct.set(productId, { id: productId, units, rating: null });
  for (const { productId, average } of rated) byProduct.set(productId, { id: productId, units: byProduct.get(productId)?.units ?? 0, rating: average });
  return JSON.stringify([...byProduct.values()]);
}

export interface ListProductsOptions {
  db: Db;
  warehouseId?: string;
  categoryId?: string;
  subcategoryId?: string;
  q?: string;
  sort: ProductSort;
  page: number;
  pageSize: number;
  now?: Date;
}

/**
 * Products the warehouse sells, filtered, searched and sorted. Search matches words (full text,
 * with stemming) or near-spellings of the name (trigram word similarity), so 'banan' and 'chiken' work.
 */
export async function listProducts(options: ListProductsOptions): Promise<ProductList> {
  const { db, categoryId, subcategoryId, sort, page, pageSize } = options;
  const warehouse = await resolveWarehouse({ db, warehouseId: options.warehouseId });
  const q = options.q?.trim() || undefined;

  const shelf: SQL[] = [sql`wp.warehouse_id = ${warehouse.id}`, sql`wp.active`];
  const product: SQL[] = [];
  if (categoryId) product.push(sql`p.category_id = ${categoryId}`);
  if (subcategoryId) product.push(sql`p.subcategory_id = ${subcategoryId}`);

  // Relevance reads popularity: what this warehouse sells most, then the best rated.
  const popular =
    sort === 'relevance'
      ? sql`left join (select (e->>'id')::uuid as product_id, (e->>'units')::int as units, (e->>'rating')::float8 as rating
          from jsonb_array_elements(${await popularity(db, warehouse.id, options.now ?? new Date())}::jsonb) e) pop on pop.product_id = p.id`
      : sql``;
  const byPopularity = sql`coalesce(pop.units, 0) desc, pop.rating desc nulls last`;
  /** How close each match is to the search words, when searching. */
  type Search = { q: string; closeness: SQL };
  const orderBy = (search: Search | undefined): SQL =>
    ({
      relevance: search ? searchRelevance(search, byPopularity) : sql`${byPopularity}, p.name asc, p.id`,
      price_asc: sql`wp.price asc, p.name asc, p.id`,
      price_desc: sql`wp.price desc, p.name asc, p.id`,
      name_asc: sql`p.name asc, p.id`,
      name_desc: sql`p.name desc, p.id`,
    })[sort];
  const pageOf = (filters: SQL[], search?: Search) =>
    Promise.all([
      queryRows<ProductCard>(
        db,
        sql`select ${productCardColumns}
            from warehouse_products wp join products p on p.id = wp.product_id ${popular}
            where ${sql.join([...shelf, ...filters], sql` and `)}
            order by ${orderBy(search)}
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
      countProducts(db, shelf, filters),
    ]);

  if (!q) {
    const [items, total] = await pageOf(product);
    return { warehouseId: warehouse.id, items, total, page, pageSize };
  }
  // Words first (full text, stemmed); only when none of the warehouse's products match the words is
  // the query taken as a misspelling and matched by trigram similarity to names ('chiken' → 'Chicken').
  const words = sql`websearch_to_tsquery('english', ${q})`;
  // Closeness of a word match is read from the name alone (weights D, C, B, A): a brand or description
  // repeating the word does not lift a product above the ones it names.
  const nameOnly = sql`'{0, 0, 0, 1}'::float4[]`;
  let [items, total] = await pageOf([...product, sql`p.search_vector @@ ${words}`], { q, closeness: sql`ts_rank(${nameOnly}, p.search_vector, ${words})` });
  if (total === 0) [items, total] = await pageOf([...product, sql`${q} <% p.name`], { q, closeness: sql`word_similarity(${q}, p.name)` });
  return { warehouseId: warehouse.id, items, total, page, pageSize };
}

/**
 * The order of search results. Closeness first, in steps of a tenth so that near-equal matches tie
 * (every name holding the word, or every near-spelling of it, alike). Among ties, the products of the
 * category the query is most at home in come first: the one whose names the query covers most, added
 * over its matching products, so 'chiken' lists the meat aisle's chicken before chicken-flavoured dog
 * treats, whose longer names only mention it. Then what sells and is rated best, then the names the
 * query covers most of ('Whole Chicken' before 'Boneless Skinless Chicken Breast').
 */
function searchRelevance({ q, closeness }: { q: string; closeness: SQL }, byPopularity: SQL): SQL {
  const coverage = sql`similarity(${q}, p.name)`;
  return sql`round((${closeness})::numeric, 1) desc,
    sum(${coverage}) over (partition by p.category_id) desc,
    ${byPopularity},
    ${coverage} desc, p.name asc, p.id`;
}

/** How many of a warehouse's products pass the filters; the products table is read only when a filter needs it. */
async function countProducts(db: Db, shelf: SQL[], product: SQL[]): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    product.length === 0
      ? sql`select count(*)::int as total from warehouse_products wp where ${sql.join(shelf, sql` and `)}`
      : sql`select count(*)::int as total from warehouse_products wp join products p on p.id = wp.product_id
            where ${sql.join([...shelf, ...product], sql` and `)}`,
  );
  return row?.total ?? 0;
}
