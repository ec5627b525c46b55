import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { warehouses } from '../locations/locations.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('ShoppingBasket'),
  color: text('color').notNull().default('#16a34a'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('subcategories_category_idx').on(table.categoryId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    sku: text('sku').notNull().unique(),
    brand: text('brand').notNull().default(''),
    unit: text('unit').notNull().default(''),
    productImages: text('product_images').array().notNull().default(sql`'{}'::text[]`),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.brand}, '')), 'B') || setweight(to_tsvector('english', coalesce(${products.shortDescription}, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_category_idx').on(table.categoryId),
    // Lets a page sorted by name stop after the page instead of sorting the whole catalog.
    index('products_name_idx').on(table.name, table.id),
    index('products_subcategory_name_idx').on(table.subcategoryId, table.name, table.id),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

/** What a warehouse sells, at its own price (cents) and stock. */
/**
 * Every word of the catalog's product names, kept by triggers on `products` (migration 0027; written by
 * the database, never by the app). A misspelt search looks here for the words it means, among a few
 * thousand words, instead of comparing itself with every product's name (ADR 055). A word whose last
 * product was renamed stays: it matches nothing, so a search that picks it finds only the others.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

export const warehouseProducts = pgTable(
  'warehouse_products',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The product's name, kept on its shelves by triggers (migrations 0025 and 0026; written by the
     * database, never by the app): the default page walks one warehouse's shelf by name along one index instead
     * of the whole catalog's name index with a shelf probe per product.
     */
    productName: text('product_name'),
    /**
     * The product's search vector, kept on its shelves the same way (migration 0026): a search reads
     * the warehouse's own matches from one index instead of every product that matches and a shelf
     * probe for each.
     */
    searchVector: tsvector('search_vector'),
    /**
     * Whether the product is among the warehouse's popular ones (it has a `product_popularity` row),
     * kept by triggers (migration 0030; written by the database, never by the app): the default page
     * reads the rest of the shelf in name order along an index that leaves the popular ones out.
     */
    popular: boolean('popular').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.warehouseId, table.productId] }),
    index('warehouse_products_product_idx').on(table.productId),
    index('warehouse_products_active_price_idx').on(table.warehouseId, table.active, table.price),
    // The shelf membership a page checks for each product along the name index, answered from the index alone.
    index('warehouse_products_shelf_idx').on(table.warehouseId, table.productId).where(sql`${table.active}`),
    // The shelf's popular products, counted from the index alone by every page of the default order.
    index('warehouse_products_popular_shelf_idx').on(table.warehouseId, table.productId).where(sql`${table.active} and ${table.popular}`),
    // The shelf after its popular products, in name order: a page walks the entries before it and nothing else.
    index('warehouse_products_unpopular_shelf_name_idx')
      .on(table.warehouseId, table.productName, table.productId)
      .where(sql`${table.active} and not ${table.popular}`),
    index('warehouse_products_shelf_search_idx').using('gin', table.warehouseId, table.searchVector).where(sql`${table.active}`),
    check('warehouse_products_price_positive', sql`${table.price} > 0`),
    check('warehouse_products_stock_non_negative', sql`${table.stockQuantity} >= 0`),
  ],
);

/**
 * Each word (text search lexeme) of each product on a shelf, with the length of its name: the shelf's
 * search vector turned inside out, kept by triggers on `warehouse_products` (migration 0028; written by
 * the database, never by the app). A search of one word (or of alternatives) reads its shortest names in order along the key
 * and counts its matches from the key alone, instead of visiting every match on the shelf (ADR 056).
 */
export const shelfWords = pgTable(
  'shelf_words',
  {
    warehouseId: uuid('warehouse_id').notNull(),
    lexeme: text('lexeme').notNull(),
    nameLength: integer('name_length').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.warehouseId, table.lexeme, table.nameLength, table.productId] })],
);

/**
 * What each warehouse's shoppers like, as the default sort reads it: units sold in the last four weeks
 * (orders module) and the average rating (reviews module), copied here by `refreshPopularity` so that a
 * page of the catalog reads no other module's tables (ADR 043). Only products that sold or were rated
 * have a row: the rest follow in name order.
 */
export const productPopularity = pgTable(
  'product_popularity',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    rating: real('rating'),
  },
  (table) => [
    primaryKey({ columns: [table.warehouseId, table.productId] }),
    check('product_popularity_something_to_rank', sql`${table.units} > 0 or ${table.rating} is not null`),
  ],
);

/**
 * How many active products each warehouse sells per category and subcategory, kept by triggers on
 * `warehouse_products` and `products` (migration 0019) so a page's total is a sum of a few rows
 * instead of a count over the shelf (ADR 043).
 */
export const shelfCounts = pgTable(
  'shelf_counts',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    products: integer('products').notNull(),
  },
  (table) => [unique('shelf_counts_shelf_key').on(table.warehouseId, table.categoryId, table.subcategoryId).nullsNotDistinct()],
);

export const productBundles = pgTable(
  'product_bundles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    discountedPrice: integer('discounted_price').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('product_bundles_price_positive', sql`${table.discountedPrice} > 0`)],
);

export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => productBundles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.productId] }),
    check('bundle_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export const bogoOffers = pgTable(
  'bogo_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyQuantity: integer('buy_quantity').notNull(),
    getQuantity: integer('get_quantity').notNull(),
    active: boolean('active').notNull().default(true),
    /** The offer counts from this time (inclusive); null: since always. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The offer counts until this time (exclusive); null: for ever. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bogo_offers_product_idx').on(table.productId, table.active),
    check('bogo_offers_quantities_positive', sql`${table.buyQuantity} > 0 and ${table.getQuantity} > 0`),
    check('bogo_offers_window_order', sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A quantity discount scoped to at most one of a product, a subcategory or a category; with none of
 * them it applies to every product (ADR 033).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull().default(1),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('discounts_product_idx').on(table.productId),
    index('discounts_subcategory_idx').on(table.subcategoryId),
    index('discounts_category_idx').on(table.categoryId),
    check('discounts_at_most_one_scope', sql`num_nonnulls(${table.productId}, ${table.subcategoryId}, ${table.categoryId}) <= 1`),
    check('discounts_percentage_range', sql`${table.percentage} > 0 and ${table.percentage} < 100`),
    check('discounts_min_quantity_positive', sql`${table.minQuantity} > 0`),
  ],
);
