import type { Db } from '../../db/client';
import { lockConversation, setConversationStatus, type ConversationRow } from './conversation-records';

/**
 * Hands a conversation to a person, with a short summary for the agent who picks it up. A
 * conversation already with a person (or closed) stays as it is.
 */
export async function escalateChat(db: Db, options: { conversationId: string; summary: string }): Promise<ConversationRow | undefined> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, options.conversationId);
    if (!conversation || conversation.status !== 'assistant') return conversation;
    return setConversationStatus(tx, {
      conversation,
      status: 'escalated',
      changes: { summary: options.summary.slice(0, 500), escalatedAt: new Date(), unhelpedReplies: 0 },
    });
  });
}
