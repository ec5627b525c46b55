import { eq, sql } from 'drizzle-orm';
import type { ChatAuthor, ChatMessage, ChatOrder, ConversationStatus } from '@/shared/contracts/support-chat';
import { preparedQuery, tableColumns, type Db } from '../../db/client';
import { chatConversations, chatMessages } from './support-chat.tables';

/** The channel every instance listens on for conversations; the payload is a ChatEventMessage. */
export const CHAT_EVENTS_CHANNEL = 'chat_events';

/**
 * What NOTIFY carries: a new message of a conversation, or its new status. The customer's stream and
 * the support queue both follow it, each keeping what concerns its viewer.
 */
export type ChatEventMessage =
  | { kind: 'message'; conversationId: string; customerProfileId: string; status: ConversationStatus; message: ChatMessage }
  | { kind: 'status'; conversationId: string; customerProfileId: string; status: ConversationStatus };

export type ConversationRow = typeof chatConversations.$inferSelect;

/** Announces a change to every instance; delivered on commit only, so a rolled-back change is never heard. */
export async function announceChatEvent(tx: Db, event: ChatEventMessage): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A stored message as the API presents it. */
export function toChatMessage(row: typeof chatMessages.$inferSelect, authorName?: string): ChatMessage {
  return {
    id: row.id,
    role: row.author,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    ...(row.orders ? { orders: row.orders } : {}),
    ...(authorName ? { authorName } : {}),
    ...(row.clientId ? { clientId: row.clientId } : {}),
  };
}

/** Locks a conversation for a change (messages and status of one conversation are written one at a time). */
export async function lockConversation(tx: Db, conversationId: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId)).for('update');
  return row;
}

const messageColumns = tableColumns(chatMessages, 'm', ['id', 'seq', 'conversationId', 'author', 'authorProfileId', 'content', 'orders', 'clientId', 'createdAt']);

/**
 * The message, the conversation's last-message time and the announcement in one statement (a chat
 * message's hot path). A customer's message whose client id the conversation already holds is not
 * stored again: the statement then writes and announces nothing. The announcement is `head` (the event without the message's id and time, its
 * last two braces left off) completed with the id and the time the database gave the row, written as
 * toISOString writes it.
 */
const insertMessage = preparedQuery<
  { conversationId: string; author: ChatAuthor; content: string; orders: string | null; authorProfileId: string | null; clientId: string | null; head: string },
  Record<string, unknown>
>(
  'chat_insert_message',
  (p) => sql`with m as (
      insert into chat_messages (conversation_id, author, content, orders, author_profile_id, client_id)
      values (${p.conversationId}, ${p.author}::chat_author, ${p.content}, ${p.orders}::jsonb, ${p.authorProfileId}::uuid, ${p.clientId}::uuid)
      on conflict (conversation_id, client_id) where author = 'user' and client_id is not null do nothing
      returning *
    ), touched as (
      update chat_conversations c set last_message_at = m.created_at from m where c.id = m.conversation_id
    )
    select ${messageColumns.sql},
      pg_notify(${CHAT_EVENTS_CHANNEL}, ${p.head} || ',"id":' || to_json(m.id)::text
        || ',"createdAt":"' || to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}}')
    from m`,
);

/**
 * Adds a message to a locked conversation, moves its last-message time, and announces it.
 * `authorName` is the agent's first name on their replies; `clientId` the id the customer's device
 * gave its message (or the message a reply answers). Null when the customer's message is one the
 * conversation already holds (the same client id, sent again): nothing is written.
 */
export async function appendMessage(
  tx: Db,
  options: {
    conversation: ConversationRow;
    author: ChatAuthor;
    content: string;
    orders?: ChatOrder[];
    authorProfileId?: string;
    authorName?: string;
    clientId?: string;
  },
): Promise<ChatMessage | null> {
  const { conversation } = options;
  const orders = options.orders && options.orders.length > 0 ? options.orders : null;
  const event = {
    kind: 'message',
    conversationId: conversation.id,
    customerProfileId: conversation.customerProfileId,
    status: conversation.status,
    message: { role: options.author, content: options.content, ...(orders ? { orders } : {}), ...(options.authorName ? { authorName: options.authorName } : {}), ...(options.clientId ? { clientId: options.clientId } : {}) },
  } satisfies Omit<ChatEventMessage, 'message'> & { message: Omit<ChatMessage, 'id' | 'createdAt'> };
  const [raw] = await insertMessage(tx, {
    conversationId: conversation.id,
    author: options.author,
    content: options.content,
    orders: orders ? JSON.stringify(orders) : null,
    authorProfileId: options.authorProfileId ?? null,
    clientId: options.clientId ?? null,
    head: JSON.stringify(event).slice(0, -2),
  });
  return raw ? toChatMessage(messageColumns.decode(raw), options.authorName) : null;
}

/** Moves a locked conversation to another status and announces it. */
export async function setConversationStatus(
  tx: Db,
  options: { conversation: ConversationRow; status: ConversationStatus; changes?: Partial<Pick<ConversationRow, 'summary' | 'escalatedAt' | 'agentProfileId' | 'closedAt' | 'unhelpedReplies'>> },
): Promise<ConversationRow> {
  const [row] = await tx
    .update(chatConversations)
    .set({ status: options.status, ...options.changes })
    .where(eq(chatConversations.id, options.conversation.id))
    .returning();
  await announceChatEvent(tx, { kind: 'status', conversationId: row!.id, customerProfileId: row!.customerProfileId, status: row!.status });
  return row!;
}
