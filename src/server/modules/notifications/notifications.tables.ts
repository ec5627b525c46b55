import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nativePushPlatforms, notificationKinds } from '@/shared/contracts/notifications';
import { profiles } from '../auth/auth.tables';

export const notificationKindEnum = pgEnum('notification_kind', notificationKinds);
export const nativePushPlatformEnum = pgEnum('native_push_platform', nativePushPlatforms);

/**
 * One browser's (device's) push subscription. The endpoint is the device: signing in as someone else
 * on it moves the subscription to them, so a shared device never tells one person of another's orders.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('push_subscriptions_profile_idx').on(table.profileId)],
);

/**
 * One native app install's push token (FCM on Android). The token is the device: as with browsers,
 * registering it while signed in as someone else moves it to them.
 */
export const nativePushDevices = pgTable(
  'native_push_devices',
  {
    token: text('token').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    platform: nativePushPlatformEnum('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('native_push_devices_profile_idx').on(table.profileId)],
);

/** The kinds a person turned off; every other kind of their role is on. */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.kind] })],
);

/**
 * What was sent for which order event to whom. Every instance hears every event; the one whose
 * insert wins sends, so each (event, recipient, kind) is sent once however many instances run.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    orderEventId: bigint('order_event_id', { mode: 'number' }).notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [primaryKey({ columns: [table.orderEventId, table.profileId, table.kind] })],
);
