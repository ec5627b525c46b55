import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../auth/auth.tables';
import { products } from '../catalog/catalog.tables';
import { cloudKitchenProducts } from '../kitchens/kitchens.tables';
import { orders } from '../orders/orders.tables';

/**
 * A customer's stars and comment for a product or a dish they received: one per customer per item,
 * edited in place when they rate it again.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    cloudKitchenProductId: uuid('cloud_kitchen_product_id').references(() => cloudKitchenProducts.id, { onDelete: 'cascade' }),
    /** The order it was received in (the latest, when rated again). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('ratings_one_per_product').on(table.profileId, table.productId).where(sql`${table.productId} is not null`),
    uniqueIndex('ratings_one_per_dish').on(table.profileId, table.cloudKitchenProductId).where(sql`${table.cloudKitchenProductId} is not null`),
    index('ratings_product_idx').on(table.productId, table.updatedAt),
    index('ratings_dish_idx').on(table.cloudKitchenProductId, table.updatedAt),
    check('ratings_one_item', sql`num_nonnulls(${table.productId}, ${table.cloudKitchenProductId}) = 1`),
    check('ratings_stars_range', sql`${table.stars} between 1 and 5`),
  ],
);
