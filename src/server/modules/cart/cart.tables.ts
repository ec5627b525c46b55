import { sql, type SQL } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cartItemTypes } from '@/shared/contracts/cart';
import { profiles } from '../auth/auth.tables';
import { bogoOffers, productBundles, products } from '../catalog/catalog.tables';
import { cloudKitchenProducts } from '../kitchens/kitchens.tables';
import { warehouses } from '../locations/locations.tables';

export const cartItemTypeEnum = pgEnum('cart_item_type', cartItemTypes);

/** One cart per customer. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  profileId: uuid('profile_id')
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A cart line; prices are in cents and always computed by the server. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemType: cartItemTypeEnum('item_type').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id').references(() => productBundles.id, { onDelete: 'cascade' }),
    bogoOfferId: uuid('bogo_offer_id').references(() => bogoOffers.id, { onDelete: 'cascade' }),
    cloudKitchenProductId: uuid('cloud_kitchen_product_id').references(() => cloudKitchenProducts.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    // The one thing this line is, whatever its type: lets "add again" find the same line.
    itemRef: uuid('item_ref')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`coalesce(bogo_offer_id, bundle_id, cloud_kitchen_product_id, product_id)`),
    // The order lines were added in. A clock cannot give it: the embedded database's clock may read the
    // same microsecond for two lines added in one transaction.
    addedOrder: bigint('added_order', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_one_line_per_item').on(table.cartId, table.itemType, table.itemRef),
    index('cart_items_cart_idx').on(table.cartId),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_prices_non_negative', sql`${table.unitPrice} >= 0 and ${table.originalPrice} >= 0`),
    check(
      'cart_items_shape',
      sql`case ${table.itemType}
        when 'product' then ${table.productId} is not null and num_nonnulls(${table.bundleId}, ${table.bogoOfferId}, ${table.cloudKitchenProductId}) = 0
        when 'bogo' then ${table.bogoOfferId} is not null and ${table.productId} is not null and num_nonnulls(${table.bundleId}, ${table.cloudKitchenProductId}) = 0
        when 'bundle' then ${table.bundleId} is not null and num_nonnulls(${table.productId}, ${table.bogoOfferId}, ${table.cloudKitchenProductId}) = 0
        when 'cloud_kitchen' then ${table.cloudKitchenProductId} is not null and num_nonnulls(${table.productId}, ${table.bundleId}, ${table.bogoOfferId}) = 0
      end`,
    ),
  ],
);
