import type { ChatMessage } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { appendMessage } from './conversation-records';
import { lockConversationForWork } from './support-conversation-work';
import { assignConversation } from './take-conversation';

/**
 * A support agent writes to the customer: an `agent` message signed with their first name, which the
 * customer's open chat receives live (appendMessage announces it on chat_events once committed).
 * Replying to a conversation nobody has takes it; a closed one refuses (409).
 */
export async function replyToConversation(options: { db: Db; viewer: Viewer; conversationId: string; content: string }): Promise<ChatMessage> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const work = await lockConversationForWork(tx, options);
    const conversation = await assignConversation(tx, viewer, work);
    // An agent's message carries no client id: it is always stored.
    const message = (await appendMessage(tx, {
      conversation,
      author: 'agent',
      content: options.content,
      authorProfileId: viewer.profileId,
      authorName: work.viewerFirstName,
    }))!;
    await recordAudit(tx, viewer, {
      action: 'conversation.replied',
      entityType: 'chat_conversation',
      entityId: conversation.id,
      summary: supportChatCopy.audit.replied(work.customerName),
      after: { messageId: message.id },
    });
    return message;
  });
}
