import { asc, eq } from 'drizzle-orm';
import type { ChatConversation } from '@/shared/contracts/support-chat';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { profileNames } from '../../read-models/order-context';
import { toChatMessage } from './conversation-records';
import { findOpenChat } from './open-chat';
import { isExpired, pendingActionOf, toPendingChatAction } from './pending-actions';
import { chatMessages } from './support-chat.tables';

/** The customer's open conversation with its messages, for a reload or another device; empty when there is none. */
export async function getCustomerChat(options: { db: Db; viewer: Viewer }): Promise<ChatConversation> {
  const { db, viewer } = options;
  const conversation = await findOpenChat(db, viewer.profileId);
  if (!conversation) return { id: null, status: 'assistant', messages: [], pendingAction: null };
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation.id)).orderBy(asc(chatMessages.seq));
  const agentIds = [...new Set(rows.flatMap((row) => (row.author === 'agent' && row.authorProfileId ? [row.authorProfileId] : [])))];
  const names = await profileNames(db, agentIds);
  const pending = await pendingActionOf(db, conversation.id);
  return {
    id: conversation.id,
    status: conversation.status,
    messages: rows.map((row) => toChatMessage(row, row.authorProfileId ? names.get(row.authorProfileId)?.firstName : undefined)),
    pendingAction: pending && !isExpired(pending) ? toPendingChatAction(pending) : null,
  };
}
