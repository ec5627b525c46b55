import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentStatuses, refundKinds, refundStatuses } from '@/shared/contracts/orders';
import { profiles } from '../auth/auth.tables';
import { orders, paymentMethodEnum } from '../orders/orders.tables';

export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const paymentProviderEnum = pgEnum('payment_provider', ['none', 'stripe']);
export const refundKindEnum = pgEnum('refund_kind', refundKinds);
export const refundStatusEnum = pgEnum('refund_status', refundStatuses);

/** How an order is paid: one row per order, with the provider's reference for a card payment. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: paymentMethodEnum('method').notNull(),
    provider: paymentProviderEnum('provider').notNull(),
    /** The PaymentIntent id for a card payment. */
    providerRef: text('provider_ref').unique(),
    clientSecret: text('client_secret'),
    amount: integer('amount').notNull(),
    status: paymentStatusEnum('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('payments_amount_non_negative', sql`${table.amount} >= 0`)],
);

/** Provider events already handled: a replayed webhook finds its id here and changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The refund ledger: every refund is a row tied to its order and payment. The sum of an order's
 * refunds that have not failed never exceeds what was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: refundKindEnum('kind').notNull(),
    reason: text('reason').notNull().default(''),
    /** For per-line refunds: which order lines and how many units. */
    lines: jsonb('lines').$type<{ orderLineId: string; quantity: number }[]>().notNull().default([]),
    status: refundStatusEnum('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    actorProfileId: uuid('actor_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refunds_order_idx').on(table.orderId), check('refunds_amount_positive', sql`${table.amount} > 0`)],
);
