import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { mealPlanSubscriptionStatuses } from '@/shared/contracts/meal-plans';
import { profiles } from '../auth/auth.tables';
import { addresses } from '../locations/locations.tables';

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

/**
 * A kitchen's weekly plan. Its menu is the dishes of the current week, which the owner updates; a
 * paused plan (active false) takes no subscribers and makes no orders, a retired one is gone for good.
 */
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
    /** 0 = Sunday … 6 = Saturday, in the kitchen's time zone. */
    deliveryDay: integer('delivery_day').notNull().default(1),
    /** This week's menu: dishes of the kitchen's own menu. */
    dishIds: uuid('dish_ids').array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('meal_plans_kitchen_idx').on(table.cloudKitchenId),
    check('meal_plans_meals_positive', sql`${table.mealsPerWeek} > 0`),
    check('meal_plans_price_positive', sql`${table.weeklyPrice} > 0`),
    check('meal_plans_delivery_day', sql`${table.deliveryDay} between 0 and 6`),
  ],
);

export const mealPlanSubscriptionStatusEnum = pgEnum('meal_plan_subscription_status', mealPlanSubscriptionStatuses);

/**
 * A customer's subscription to a plan, delivered to one of their addresses and paid on delivery each week. The
 * weekly price is the plan's when they subscribed: a later price change applies to new subscribers.
 */
export const mealPlanSubscriptions = pgTable(
  'meal_plan_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mealPlanId: uuid('meal_plan_id')
      .notNull()
      .references(() => mealPlans.id, { onDelete: 'cascade' }),
    customerProfileId: uuid('customer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    status: mealPlanSubscriptionStatusEnum('status').notNull().default('active'),
    weeklyPrice: integer('weekly_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('meal_plan_subscriptions_customer_idx').on(table.customerProfileId, table.createdAt.desc()),
    index('meal_plan_subscriptions_plan_status_idx').on(table.mealPlanId, table.status),
    // One live subscription per customer and plan; a cancelled one may be followed by a new one.
    uniqueIndex('meal_plan_subscriptions_one_live')
      .on(table.mealPlanId, table.customerProfileId)
      .where(sql`${table.status} <> 'cancelled'`),
    check('meal_plan_subscriptions_price_positive', sql`${table.weeklyPrice} > 0`),
  ],
);

/**
 * Each week's delivery of a subscription, written before its order: the key makes the weekly run
 * place it once, whichever server instance gets there first.
 */
export const mealPlanDeliveries = pgTable(
  'meal_plan_deliveries',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => mealPlanSubscriptions.id, { onDelete: 'cascade' }),
    /** The delivery day, in the kitchen's time zone. */
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.deliveryDate] })],
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
