import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const warehouses = pgTable('warehouses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  streetAddress: text('street_address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** Display text such as "Georgetown, TX". */
  location: text('location').notNull(),
  deliveryRadiusMiles: doublePrecision('delivery_radius_miles').notNull().default(40),
  deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The warehouse cloud kitchen dishes are booked against (exactly one). */
  kitchenDefault: boolean('kitchen_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('warehouses_one_kitchen_default').on(table.kitchenDefault).where(sql`${table.kitchenDefault}`)]);
