import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { warehouseStaffRoles } from '@/shared/access';
import { profiles } from '../auth/auth.tables';

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
  /** Orders the warehouse delivers per hour-long window. */
  windowCapacity: integer('window_capacity').notNull().default(20),
  /** Minutes to pick and pack an order before it can leave. */
  pickTimeMinutes: integer('pick_time_minutes').notNull().default(20),
  /** Delivery windows are whole hours of this zone's clock. */
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  active: boolean('active').notNull().default(true),
  /** The warehouse cloud kitchen dishes are booked against (exactly one). */
  kitchenDefault: boolean('kitchen_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  check('warehouses_window_capacity_non_negative', sql`${table.windowCapacity} >= 0`),
  check('warehouses_pick_time_positive', sql`${table.pickTimeMinutes} > 0`),
  uniqueIndex('warehouses_one_kitchen_default').on(table.kitchenDefault).where(sql`${table.kitchenDefault}`)]);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    streetAddress: text('street_address').notNull(),
    /** Apartment, suite or unit: part of where the door is, never sent to the geocoder. */
    unit: text('unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** What the driver needs at the door ("ring twice"); copied onto every order placed to this address. */
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_profile_idx').on(table.profileId),
    // At most one default address per profile.
    uniqueIndex('addresses_one_default').on(table.profileId).where(sql`${table.isDefault}`),
    // Coordinates count only as a pair.
    check('addresses_coordinates_pair', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
  ],
);

export const warehouseStaffRoleEnum = pgEnum('warehouse_staff_role', warehouseStaffRoles);

/**
 * Who works at a warehouse and as what: its managers run its order queue and stock, its drivers deliver
 * its orders. A person may work at several warehouses.
 */
export const warehouseStaff = pgTable(
  'warehouse_staff',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    role: warehouseStaffRoleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.warehouseId] }), index('warehouse_staff_warehouse_idx').on(table.warehouseId, table.role)],
);

/** Whether a driver is on shift: only drivers on shift are offered deliveries. */
export const driverAvailability = pgTable('driver_availability', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull().default(false),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
