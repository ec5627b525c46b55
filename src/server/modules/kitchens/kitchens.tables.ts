import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../auth/auth.tables';

export const cloudKitchens = pgTable('cloud_kitchens', {
  id: uuid('id').primaryKey().defaultRandom(),
  profileId: uuid('profile_id')
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
