import { sql, type SQL } from 'drizzle-orm';
import type { SupportTicket, SupportTicketStatus } from '@/shared/contracts/support-tickets';
import { queryRows, type Db } from '../db/client';

interface TicketRow extends Omit<SupportTicket, 'createdAt' | 'resolvedAt'> {
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  total: number;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

// Both drivers hand back timestamps as Date; raw SQL through some paths gives text. Either reads the same.
const iso = (value: Date | string) => new Date(value).toISOString();

function toTicket({ total: _total, ...row }: TicketRow): SupportTicket {
  return { ...row, createdAt: iso(row.createdAt), resolvedAt: row.resolvedAt === null ? null : iso(row.resolvedAt) };
}

/** Tickets with the first name of whoever resolved them (profiles); it only reads. */
function selectTickets(where: SQL, limit: SQL) {
  return sql`select t.id, t.reference, t.name, t.email, t.order_number as "orderNumber", t.topic, t.message, t.status,
      t.profile_id as "profileId", t.created_at as "createdAt", t.resolved_at as "resolvedAt",
      case when t.resolved_by_profile_id is null then null else coalesce(nullif(trim(concat_ws(' ', rp.first_name, rp.last_name)), ''), 'Support') end as "resolvedByName",
      count(*) over ()::int as total
    from support_tickets t
    left join profiles rp on rp.id = t.resolved_by_profile_id
    where ${where}
    order by t.created_at desc, t.id desc
    ${limit}`;
}

/** A page of the tickets, newest first, by status and a search of reference, email, name or order number. */
export async function readSupportTickets(
  db: Db,
  filters: { status?: SupportTicketStatus; q?: string; page: number; pageSize: number },
): Promise<{ tickets: SupportTicket[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`t.status = ${filters.status}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(sql`(t.reference ilike ${pattern} or t.email ilike ${pattern} or t.name ilike ${pattern} or t.order_number ilike ${pattern})`);
  }
  const rows = await queryRows<TicketRow>(
    db,
    selectTickets(sql.join(conditions, sql` and `), sql`limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`),
  );
  // The count rides on every row; a page past the end has none and says 0.
  return { tickets: rows.map(toTicket), total: rows[0]?.total ?? 0 };
}

export async function readSupportTicket(db: Db, ticketId: string): Promise<SupportTicket | undefined> {
  const [row] = await queryRows<TicketRow>(db, selectTickets(sql`t.id = ${ticketId}`, sql`limit 1`));
  return row ? toTicket(row) : undefined;
}
