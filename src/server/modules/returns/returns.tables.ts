import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { returnRequestStatuses } from '@/shared/contracts/orders';
import { profiles } from '../auth/auth.tables';
import { orders } from '../orders/orders.tables';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const returnStatusEnum = pgEnum('return_request_status', returnRequestStatuses);

/** A customer's request to return or be refunded for lines of a delivered order; support decides. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerProfileId: uuid('customer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<{ orderLineId: string; quantity: number; amount: number }[]>().notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    status: returnStatusEnum('status').notNull().default('requested'),
    /** What the approval refunded: the amount asked, or less. */
    refundedAmount: integer('refunded_amount'),
    decisionNote: text('decision_note').notNull().default(''),
    decidedByProfileId: uuid('decided_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId),
    index('return_requests_status_idx').on(table.status, table.createdAt),
    check('return_requests_amount_positive', sql`${table.amount} > 0`),
    check('return_requests_refund_within_request', sql`${table.refundedAmount} is null or (${table.refundedAmount} > 0 and ${table.refundedAmount} <= ${table.amount})`),
  ],
);

/** The photo sent with a return request, kept apart so lists never load it. */
export const returnPhotos = pgTable('return_photos', {
  returnRequestId: uuid('return_request_id')
    .primaryKey()
    .references(() => returnRequests.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
});
