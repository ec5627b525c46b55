import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { supportTicketStatuses, supportTicketTopics } from '@/shared/contracts/support-tickets';
import { profiles } from '../auth/auth.tables';

export const supportTicketTopicEnum = pgEnum('support_ticket_topic', supportTicketTopics);
export const supportTicketStatusEnum = pgEnum('support_ticket_status', supportTicketStatuses);

/** A message sent through the contact form, by a guest or a signed-in person; support resolves it. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference')
      .notNull()
      .default(sql`('T-' || upper(substr(md5(gen_random_uuid()::text), 1, 8)))`),
    /** The sender's profile when they were signed in. */
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    orderNumber: text('order_number').notNull().default(''),
    topic: supportTicketTopicEnum('topic').notNull(),
    message: text('message').notNull(),
    status: supportTicketStatusEnum('status').notNull().default('open'),
    /** Who the sending limit counts against: the profile, or the client address of a guest. */
    senderKey: text('sender_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByProfileId: uuid('resolved_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('support_tickets_reference_idx').on(table.reference),
    index('support_tickets_status_idx').on(table.status, table.createdAt),
    index('support_tickets_sender_idx').on(table.senderKey, table.createdAt),
  ],
);
