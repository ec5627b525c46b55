import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../auth/auth.tables';

/**
 * Every staff action: who (kept as text too, so the row outlives the account), what, on which record,
 * when, and the record before and after. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorProfileId: uuid('actor_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** The actor's role at the time, or 'system'. */
    actorRole: text('actor_role').notNull(),
    /** What was done, as `entity.verb`: 'user.role_changed', 'order.status_changed', 'product.created'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** One line a person reads in the log. */
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_actor_idx').on(table.actorProfileId, table.createdAt.desc()),
  ],
);
