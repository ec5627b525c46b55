import type { ChatAction, ChatAuthor, PendingActionStatus } from '@/shared/contracts/support-chat';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appendMessage, lockConversation, setConversationStatus } from '../modules/support-chat/conversation-records';
import { chatConversations, chatPendingActions } from '../modules/support-chat/support-chat.tables';

export interface FixtureConversation {
  customerProfileId: string;
  /** Oldest first; the customer's and the assistant's turns. */
  messages?: { author: ChatAuthor; content: string }[];
  /** Hand it to a person with this summary (status escalated); it stays with the assistant otherwise. */
  escalate?: { summary: string; at?: Date };
  /** Actions the assistant proposed in it. */
  /** Close the customer's open conversation first (a customer has one open at a time). */
  replaceOpen?: boolean;
  actions?: { orderId: string; orderNumber: string; action: ChatAction; amount: number; status?: PendingActionStatus }[];
}

/**
 * A customer's conversation as the chat leaves it, written through the chat's own records (so each
 * message and the escalation are announced on chat_events like the real thing).
 */
export async function createConversation(db: Db, spec: FixtureConversation): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    if (spec.replaceOpen) {
      await tx
        .update(chatConversations)
        .set({ status: 'closed', closedAt: new Date() })
        .where(and(eq(chatConversations.customerProfileId, spec.customerProfileId), ne(chatConversations.status, 'closed')));
    }
    const [created] = await tx.insert(chatConversations).values({ customerProfileId: spec.customerProfileId }).returning();
    let conversation = (await lockConversation(tx, created!.id))!;
    for (const message of spec.messages ?? [{ author: 'user' as const, content: 'Hello' }]) {
      await appendMessage(tx, { conversation, author: message.author, content: message.content });
    }
    for (const action of spec.actions ?? []) {
      await tx.insert(chatPendingActions).values({
        conversationId: conversation.id,
        customerProfileId: spec.customerProfileId,
        orderId: action.orderId,
        orderNumber: action.orderNumber,
        action: action.action,
        amount: action.amount,
        status: action.status ?? 'dropped',
        expiresAt: new Date(Date.now() + 10 * 60_000),
      });
    }
    if (spec.escalate) {
      conversation = await setConversationStatus(tx, {
        conversation,
        status: 'escalated',
        changes: { summary: spec.escalate.summary, escalatedAt: spec.escalate.at ?? new Date() },
      });
    }
    return { id: conversation.id };
  });
}
