import { sql, type SQL } from 'drizzle-orm';
import type { ConversationStatus, SupportConversationSummary } from '@/shared/contracts/support-chat';
import { queryRows, type Db } from '../db/client';

/** Which conversations the support queue lists: `open` is escalated or with an agent. */
export type SupportQueueStatus = 'open' | 'escalated' | 'with_agent' | 'closed';

interface SummaryRow {
  id: string;
  status: ConversationStatus;
  summary: string;
  escalatedAt: Date | string | null;
  lastMessageAt: Date | string;
  lastMessage: string | null;
  customerProfileId: string;
  customerName: string;
  customerEmail: string;
  agentProfileId: string | null;
  agentName: string | null;
  total: number;
}

// Both drivers hand back timestamps as Date; raw SQL through some paths gives text. Either reads the same.
const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): SupportConversationSummary {
  return {
    id: row.id,
    status: row.status,
    customer: { profileId: row.customerProfileId, name: row.customerName || row.customerEmail, email: row.customerEmail },
    summary: row.summary,
    escalatedAt: row.escalatedAt === null ? null : iso(row.escalatedAt),
    lastMessageAt: iso(row.lastMessageAt),
    lastMessage: row.lastMessage ?? '',
    agent: row.agentProfileId ? { profileId: row.agentProfileId, name: row.agentName || 'Agent' } : null,
  };
}

/** Conversations with their customer (profiles and auth) and agent, for support; it only reads. */
function selectSummaries(where: SQL, order: SQL, limit: SQL) {
  return sql`select c.id, c.status, c.summary, c.escalated_at as "escalatedAt", c.last_message_at as "lastMessageAt",
      (select m.content from chat_messages m where m.conversation_id = c.id order by m.seq desc limit 1) as "lastMessage",
      cp.id as "customerProfileId", trim(concat_ws(' ', cp.first_name, cp.last_name)) as "customerName", cu.email as "customerEmail",
      ap.id as "agentProfileId", ap.first_name as "agentName",
      count(*) over ()::int as total
    from chat_conversations c
    join profiles cp on cp.id = c.customer_profile_id
    join "user" cu on cu.id = cp.user_id
    left join profiles ap on ap.id = c.agent_profile_id
    where ${where}
    ${order}
    ${limit}`;
}

/**
 * A page of support's conversation queue. Open ones (escalated, with an agent) come oldest escalation
 * first, as they should be answered; closed ones newest first.
 */
export async function readSupportConversationQueue(
  db: Db,
  filters: { status: SupportQueueStatus; page: number; pageSize: number },
): Promise<{ items: SupportConversationSummary[]; total: number }> {
  const where =
    filters.status === 'open' ? sql`c.status in ('escalated', 'with_agent')` : sql`c.status = ${filters.status}`;
  const order =
    filters.status === 'closed'
      ? sql`order by c.closed_at desc nulls last, c.id desc`
      : sql`order by c.escalated_at asc nulls last, c.created_at asc, c.id asc`;
  const rows = await queryRows<SummaryRow>(db, selectSummaries(where, order, sql`limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`));
  // The count rides on every row; a page past the end has none and says 0.
  return { items: rows.map(toSummary), total: rows[0]?.total ?? 0 };
}

/** One conversation as support's queue shows it, or undefined. */
export async function readSupportConversationSummary(db: Db, conversationId: string): Promise<SupportConversationSummary | undefined> {
  const [row] = await queryRows<SummaryRow>(db, selectSummaries(sql`c.id = ${conversationId}`, sql``, sql`limit 1`));
  return row ? toSummary(row) : undefined;
}

export interface PersonNames {
  /** What a customer reads on an agent's replies; null when the profile has none. */
  firstName: string | null;
  /** The full name, or the email when there is none: how support and the audit log name someone. */
  name: string;
}

/** The names of people (a conversation's customer and agents), by profile id. */
export async function readPeopleNames(db: Db, profileIds: string[]): Promise<Map<string, PersonNames>> {
  if (profileIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; firstName: string | null; name: string; email: string }>(
    db,
    sql`select p.id, p.first_name as "firstName", trim(concat_ws(' ', p.first_name, p.last_name)) as name, u.email
      from profiles p join "user" u on u.id = p.user_id
      where p.id in (${sql.join(
        profileIds.map((profileId) => sql`${profileId}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((row) => [row.id, { firstName: row.firstName || null, name: row.name || row.email }]));
}
