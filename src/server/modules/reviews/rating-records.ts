import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ratings } from './reviews.tables';

export interface GivenRating {
  stars: number;
  comment: string;
}

/** A customer's ratings of some products and dishes, keyed `product:<id>` or `dish:<id>`. */
export async function ratingsBy(
  db: Db,
  options: { profileId: string; productIds: readonly string[]; dishIds: readonly string[] },
): Promise<Map<string, GivenRating>> {
  const found = new Map<string, GivenRating>();
  if (options.productIds.length > 0) {
    const rows = await db
      .select({ id: ratings.productId, stars: ratings.stars, comment: ratings.comment })
      .from(ratings)
      .where(and(eq(ratings.profileId, options.profileId), inArray(ratings.productId, [...options.productIds])));
    for (const row of rows) found.set(`product:${row.id}`, { stars: row.stars, comment: row.comment });
  }
  if (options.dishIds.length > 0) {
    const rows = await db
      .select({ id: ratings.cloudKitchenProductId, stars: ratings.stars, comment: ratings.comment })
      .from(ratings)
      .where(and(eq(ratings.profileId, options.profileId), inArray(ratings.cloudKitchenProductId, [...options.dishIds])));
    for (const row of rows) found.set(`dish:${row.id}`, { stars: row.stars, comment: row.comment });
  }
  return found;
}

/**
 * Writes a customer's rating of a product or a dish: the first one inserts, a later one edits it in
 * place (one per customer per item, kept by the unique indexes even under a double submit).
 */
export async function saveRating(
  tx: Db,
  options: { profileId: string; item: { productId: string } | { dishId: string }; orderId: string; stars: number; comment: string },
): Promise<void> {
  const { profileId, orderId, stars, comment } = options;
  if ('productId' in options.item) {
    await tx
      .insert(ratings)
      .values({ profileId, productId: options.item.productId, orderId, stars, comment })
      .onConflictDoUpdate({
        target: [ratings.profileId, ratings.productId],
        targetWhere: isNotNull(ratings.productId),
        set: { stars, comment, orderId, updatedAt: sql`clock_timestamp()` },
      });
  } else {
    await tx
      .insert(ratings)
      .values({ profileId, cloudKitchenProductId: options.item.dishId, orderId, stars, comment })
      .onConflictDoUpdate({
        target: [ratings.profileId, ratings.cloudKitchenProductId],
        targetWhere: isNotNull(ratings.cloudKitchenProductId),
        set: { stars, comment, orderId, updatedAt: sql`clock_timestamp()` },
      });
  }
}

/** The average stars of every rated product, for ranking products that sell alike. */
export async function productAverages(db: Db): Promise<{ productId: string; average: number }[]> {
  const rows = await queryRows<{ productId: string; average: string }>(
    db,
    sql`select product_id as "productId", avg(stars)::numeric(10, 4) as average from ratings where product_id is not null group by product_id`,
  );
  return rows.map((row) => ({ productId: row.productId, average: Number(row.average) }));
}
