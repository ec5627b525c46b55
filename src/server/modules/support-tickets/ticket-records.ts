import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { supportTickets } from './support-tickets.tables';

export type TicketRecord = typeof supportTickets.$inferSelect;

/**
 * Counts the sender's tickets of the last hour while holding a lock on their key until the caller's
 * transaction ends, so two forms sent at once cannot both slip under the limit.
 */
export async function lockAndCountRecentTickets(tx: Db, senderKey: string): Promise<number> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`support_ticket:${senderKey}`}))`);
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from support_tickets where sender_key = ${senderKey} and created_at > now() - interval '1 hour'`,
  );
  return Number(row?.count ?? 0);
}

export async function insertTicket(
  tx: Db,
  values: Pick<TicketRecord, 'profileId' | 'name' | 'email' | 'orderNumber' | 'topic' | 'message' | 'senderKey'>,
): Promise<Pick<TicketRecord, 'id' | 'reference' | 'createdAt'>> {
  const [row] = await tx
    .insert(supportTickets)
    .values(values)
    .returning({ id: supportTickets.id, reference: supportTickets.reference, createdAt: supportTickets.createdAt });
  return row!;
}

export async function lockTicket(tx: Db, id: string): Promise<TicketRecord | null> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row ?? null;
}

/** Marks an open ticket resolved; false when it already was. */
export async function markTicketResolved(tx: Db, options: { id: string; resolvedByProfileId: string }): Promise<boolean> {
  const rows = await tx
    .update(supportTickets)
    .set({ status: 'resolved', resolvedAt: sql`clock_timestamp()`, resolvedByProfileId: options.resolvedByProfileId })
    .where(and(eq(supportTickets.id, options.id), eq(supportTickets.status, 'open')))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}
