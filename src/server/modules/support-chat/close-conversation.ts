import type { SupportConversationDetail } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { setConversationStatus } from './conversation-records';
import { getSupportConversation } from './get-support-conversation';
import { lockConversationForWork } from './support-conversation-work';

/**
 * Support ends a conversation: it leaves the queue, and the customer's next question starts a new one
 * with the assistant. Closing one another agent has is refused unless the viewer is an admin, and
 * closing a closed one is refused (409).
 */
export async function closeConversation(options: { db: Db; viewer: Viewer; conversationId: string }): Promise<SupportConversationDetail> {
  const { db, viewer } = options;
  await db.transaction(async (tx) => {
    const { conversation, customerName } = await lockConversationForWork(tx, options);
    const closed = await setConversationStatus(tx, { conversation, status: 'closed', changes: { closedAt: new Date() } });
    await recordAudit(tx, viewer, {
      action: 'conversation.closed',
      entityType: 'chat_conversation',
      entityId: conversation.id,
      summary: supportChatCopy.audit.closed(customerName),
      before: { status: conversation.status, agentProfileId: conversation.agentProfileId },
      after: { status: closed.status, agentProfileId: closed.agentProfileId },
    });
  });
  return getSupportConversation({ db, viewer, conversationId: options.conversationId });
}
