import { and, eq, ne, sql } from 'drizzle-orm';
import { preparedQuery, tableColumns, type Db } from '../../db/client';
import type { ConversationRow } from './conversation-records';
import { chatConversations } from './support-chat.tables';

/** The customer's conversation that is not closed, if any. */
export async function findOpenChat(db: Db, customerProfileId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.customerProfileId, customerProfileId), ne(chatConversations.status, 'closed')));
  return row;
}

/**
 * The customer's open conversation, started if there is none. Two first messages that race (two
 * tabs) meet at the unique partial index: one inserts, the other inserts nothing and reads the winner's.
 */
export async function openChat(db: Db, customerProfileId: string): Promise<ConversationRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await findOpenChat(db, customerProfileId);
    if (found) return found;
    await db.execute(sql`insert into chat_conversations (customer_profile_id) values (${customerProfileId})
      on conflict (customer_profile_id) where status <> 'closed' do nothing`);
  }
  throw new Error('The conversation could not be opened');
}

const conversationColumns = tableColumns(chatConversations, 'c', [
  'id',
  'customerProfileId',
  'status',
  'unhelpedReplies',
  'summary',
  'escalatedAt',
  'agentProfileId',
  'createdAt',
  'lastMessageAt',
  'closedAt',
]);

const lockOpen = preparedQuery<{ customerProfileId: string }, Record<string, unknown>>(
  'chat_lock_open_conversation',
  (p) => sql`select ${conversationColumns.sql} from chat_conversations c
    where c.customer_profile_id = ${p.customerProfileId} and c.status <> 'closed' for update`,
);

/**
 * Within a transaction: the customer's open conversation, started if there is none, locked for a
 * change. One statement when it exists (every message but the first). A conversation closed while
 * this waited for its lock is no longer open, and the message starts the next one, as it would a moment later.
 */
export async function lockOpenChat(tx: Db, customerProfileId: string): Promise<ConversationRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [found] = await lockOpen(tx, { customerProfileId });
    if (found) return conversationColumns.decode(found);
    await tx.execute(sql`insert into chat_conversations (customer_profile_id) values (${customerProfileId})
      on conflict (customer_profile_id) where status <> 'closed' do nothing`);
  }
  throw new Error('The conversation could not be opened');
}
