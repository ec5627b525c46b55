import { asc, desc, eq } from 'drizzle-orm';
import type { SupportConversationDetail } from '@/shared/contracts/support-chat';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { readPeopleNames, readSupportConversationSummary } from '../../read-models/support-conversations';
import { toChatMessage } from './conversation-records';
import { chatMessages, chatPendingActions } from './support-chat.tables';
import { assertSupportStaff, conversationNotFound } from './support-conversation-work';

/** One conversation for support: its summary, the whole transcript, and every action the assistant proposed. */
export async function getSupportConversation(options: { db: Db; viewer: Viewer; conversationId: string }): Promise<SupportConversationDetail> {
  const { db } = options;
  assertSupportStaff(options.viewer);
  const summary = await readSupportConversationSummary(db, options.conversationId);
  if (!summary) throw conversationNotFound();
  const [messages, actions] = await Promise.all([
    db.select().from(chatMessages).where(eq(chatMessages.conversationId, summary.id)).orderBy(asc(chatMessages.seq)),
    db.select().from(chatPendingActions).where(eq(chatPendingActions.conversationId, summary.id)).orderBy(desc(chatPendingActions.createdAt)),
  ]);
  const agentIds = [...new Set(messages.flatMap((message) => (message.author === 'agent' && message.authorProfileId ? [message.authorProfileId] : [])))];
  const names = await readPeopleNames(db, agentIds);
  return {
    ...summary,
    messages: messages.map((message) => toChatMessage(message, message.authorProfileId ? (names.get(message.authorProfileId)?.firstName ?? undefined) : undefined)),
    actions: actions.map((action) => ({
      id: action.id,
      orderId: action.orderId,
      orderNumber: action.orderNumber,
      action: action.action,
      amount: action.amount,
      status: action.status,
      expiresAt: action.expiresAt.toISOString(),
      createdAt: action.createdAt.toISOString(),
    })),
  };
}
