import { sql, type SQL } from 'drizzle-orm';
import type { RatingSummary } from '@/shared/contracts/orders';
import { preparedQuery, queryRows, type Db } from '../db/client';

/**
 * Ratings as product, dish and kitchen pages show them: the average (one decimal), the count and the
 * latest comments with the author's first name and last initial. It joins reviews' ratings with
 * auth's profiles and, for a kitchen, its dishes (kitchens); it only reads.
 */

const RECENT = 5;

interface Totals {
  average: number | null;
  count: number;
}

interface RecentRow {
  stars: number;
  comment: string;
  firstName: string | null;
  lastName: string | null;
  at: Date | string;
}

/** One decimal, half up: 4.25 → 4.3. */
export function roundAverage(value: number | string | null): number | null {
  if (value === null) return null;
  return Math.round(Number(value) * 10 + 1e-9) / 10;
}

function author(row: RecentRow): string {
  const initial = row.lastName?.trim().charAt(0);
  return [row.firstName?.trim() || 'A customer', initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

async function summarize(db: Db, which: SQL): Promise<RatingSummary> {
  const [totals] = await queryRows<{ average: string | null; count: number }>(
    db,
    sql`select avg(r.stars)::numeric(10, 4) as average, count(*)::int as count from ratings r where ${which}`,
  );
  const recent = await queryRows<RecentRow>(
    db,
    sql`select r.stars, r.comment, p.first_name as "firstName", p.last_name as "lastName", r.updated_at as at
      from ratings r join profiles p on p.id = r.profile_id
      where ${which} and r.comment <> ''
      order by r.updated_at desc, r.id desc limit ${RECENT}`,
  );
  return {
    average: roundAverage(totals?.average ?? null),
    count: totals?.count ?? 0,
    recent: recent.map((row) => ({ stars: row.stars, comment: row.comment, author: author(row), at: new Date(row.at).toISOString() })),
  };
}

export function productRatingSummary(db: Db, productId: string): Promise<RatingSummary> {
  return summarize(db, sql`r.product_id = ${productId}`);
}

export function dishRatingSummary(db: Db, dishId: string): Promise<RatingSummary> {
  return summarize(db, sql`r.cloud_kitchen_product_id = ${dishId}`);
}

/** A kitchen's rating is that of its dishes, all ratings together. */
export function kitchenRatingSummary(db: Db, kitchenId: string): Promise<RatingSummary> {
  return summarize(db, sql`r.cloud_kitchen_product_id in (select d.id from cloud_kitchen_products d where d.cloud_kitchen_id = ${kitchenId})`);
}

const kitchenTotals = preparedQuery<{ kitchenIds: string }, { kitchenId: string; average: string; count: number }>(
  'kitchen_rating_totals',
  ({ kitchenIds }) => sql`select d.cloud_kitchen_id as "kitchenId", avg(r.stars)::numeric(10, 4) as average, count(*)::int as count
    from ratings r join cloud_kitchen_products d on d.id = r.cloud_kitchen_product_id
    where d.cloud_kitchen_id in (select value::uuid from jsonb_array_elements_text(${kitchenIds}::jsonb))
    group by d.cloud_kitchen_id`,
);

const dishTotals = preparedQuery<{ dishIds: string }, { dishId: string; average: string; count: number }>(
  'dish_rating_totals',
  ({ dishIds }) => sql`select r.cloud_kitchen_product_id as "dishId", avg(r.stars)::numeric(10, 4) as average, count(*)::int as count
    from ratings r
    where r.cloud_kitchen_product_id in (select value::uuid from jsonb_array_elements_text(${dishIds}::jsonb))
    group by r.cloud_kitchen_product_id`,
);

/** The average and count of each dish's ratings, for a menu; dishes without any are left out. */
export async function dishRatings(db: Db, dishIds: readonly string[]): Promise<Map<string, Totals>> {
  if (dishIds.length === 0) return new Map();
  const rows = await dishTotals(db, { dishIds: JSON.stringify(dishIds) });
  return new Map(rows.map((row) => [row.dishId, { average: roundAverage(row.average), count: row.count }]));
}

/** The average and count of each kitchen's dish ratings, for kitchen cards; kitchens without any are left out. */
export async function kitchenRatings(db: Db, kitchenIds: readonly string[]): Promise<Map<string, Totals>> {
  if (kitchenIds.length === 0) return new Map();
  const rows = await kitchenTotals(db, { kitchenIds: JSON.stringify(kitchenIds) });
  return new Map(rows.map((row) => [row.kitchenId, { average: roundAverage(row.average), count: row.count }]));
}
