import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../auth/auth.tables';

export const kitchenTypeEnum = pgEnum('kitchen_type', ['home', 'commercial']);

export interface OpeningHours {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
  /** 'HH:MM', 24-hour, kitchen local time */
  opens: string;
  closes: string;
}

export const cloudKitchens = pgTable(
  'cloud_kitchens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    kitchenType: kitchenTypeEnum('kitchen_type').notNull().default('home'),
    cuisine: text('cuisine').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    streetAddress: text('street_address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactPhone: text('contact_phone').notNull().default(''),
    foodSafetyCertificate: text('food_safety_certificate').notNull().default(''),
    prepTimeMinutes: integer('prep_time_minutes').notNull().default(30),
    /** Orders the kitchen can cook in an hour; its delivery windows hold no more. */
    ordersPerHour: integer('orders_per_hour').notNull().default(8),
    openingHours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    isOpen: boolean('is_open').notNull().default(true),
    approved: boolean('approved').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cloud_kitchens_prep_time_positive', sql`${table.prepTimeMinutes} > 0`),
    check('cloud_kitchens_orders_per_hour_non_negative', sql`${table.ordersPerHour} >= 0`),
  ],
);

export const cloudKitchenProducts = pgTable(
  'cloud_kitchen_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloudKitchenId: uuid('cloud_kitchen_id')
      .notNull()
      .references(() => cloudKitchens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    menuSection: text('menu_section').notNull().default('Mains'),
    price: integer('price').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    available: boolean('available').notNull().default(true),
    /** Off the customer's menu altogether (kept for its orders and ratings); `available` off only marks it sold out. */
    hidden: boolean('hidden').notNull().default(false),
    dietaryTags: text('dietary_tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cloud_kitchen_products_kitchen_idx').on(table.cloudKitchenId),
    check('cloud_kitchen_products_price_positive', sql`${table.price} > 0`),
  ],
);

export const mealPlans = pgTable(
  'meal_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloudKitchenId: uuid('cloud_kitchen_id')
      .notNull()
      .references(() => cloudKitchens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mealsPerWeek: integer('meals_per_week').notNull(),
    weeklyPrice: integer('weekly_price').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('meal_plans_kitchen_idx').on(table.cloudKitchenId)],
);

export const kitchenApplicationStatusEnum = pgEnum('kitchen_application_status', ['pending', 'approved', 'rejected']);

export const kitchenApplications = pgTable(
  'kitchen_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: kitchenApplicationStatusEnum('status').notNull().default('pending'),
    businessName: text('business_name').notNull(),
    kitchenType: kitchenTypeEnum('kitchen_type').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactPhone: text('contact_phone').notNull(),
    foodSafetyCertificate: text('food_safety_certificate').notNull(),
    cuisine: text('cuisine').notNull(),
    description: text('description').notNull(),
    /** The admin's reason, shown to the applicant. */
    rejectionReason: text('rejection_reason'),
    decidedByProfileId: uuid('decided_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cloudKitchenId: uuid('cloud_kitchen_id').references(() => cloudKitchens.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One application under review per person: a second submission while one waits is refused.
    uniqueIndex('kitchen_applications_one_pending').on(table.profileId).where(sql`${table.status} = 'pending'`),
    index('kitchen_applications_status_created_idx').on(table.status, table.createdAt),
  ],
);
