import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatActions, chatAuthors, conversationStatuses, pendingActionStatuses, type ChatOrder } from '@/shared/contracts/support-chat';
import { profiles } from '../auth/auth.tables';
import { orders } from '../orders/orders.tables';

export const conversationStatusEnum = pgEnum('chat_conversation_status', conversationStatuses);
export const chatAuthorEnum = pgEnum('chat_author', chatAuthors);
export const chatActionEnum = pgEnum('chat_action', chatActions);
export const pendingActionStatusEnum = pgEnum('chat_action_status', pendingActionStatuses);

/**
 * A customer's conversation with support. A customer has at most one that is not closed: it is what
 * the chat shows on every device.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerProfileId: uuid('customer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: conversationStatusEnum('status').notNull().default('assistant'),
    /** Replies in a row that could not help; at two the conversation goes to a person. */
    unhelpedReplies: integer('unhelped_replies').notNull().default(0),
    /** Written when it escalates: what the customer needs, for the agent who picks it up. */
    summary: text('summary').notNull().default(''),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    agentProfileId: uuid('agent_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_conversations_one_open_per_customer').on(table.customerProfileId).where(sql`${table.status} <> 'closed'`),
    index('chat_conversations_queue_idx').on(table.status, table.escalatedAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Keeps messages in the order they were written (the clock can repeat within a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    author: chatAuthorEnum('author').notNull(),
    /** The agent who wrote an `agent` message. */
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The orders an assistant reply listed. */
    orders: jsonb('orders').$type<ChatOrder[]>(),
    /** The id the customer's device gave its message (or, on a reply, the message answered): how it knows its own. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(table.conversationId, table.seq),
    // A customer's message is stored once however often their device sends it (a resend after a dropped connection).
    uniqueIndex('chat_messages_one_per_client_id')
      .on(table.conversationId, table.clientId)
      .where(sql`${table.author} = 'user' and ${table.clientId} is not null`),
  ],
);

/**
 * An action the assistant proposed and the customer has to confirm. The write happens only when a
 * confirmation arrives for a row that is still pending and not expired.
 */
export const chatPendingActions = pgTable(
  'chat_pending_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    customerProfileId: uuid('customer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    action: chatActionEnum('action').notNull(),
    amount: integer('amount').notNull(),
    status: pendingActionStatusEnum('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_pending_actions_one_pending').on(table.conversationId).where(sql`${table.status} = 'pending'`),
    index('chat_pending_actions_conversation_idx').on(table.conversationId, table.createdAt),
    check('chat_pending_actions_amount_nonnegative', sql`${table.amount} >= 0`),
  ],
);
