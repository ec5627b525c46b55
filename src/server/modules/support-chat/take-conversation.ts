import type { SupportConversationDetail } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { setConversationStatus, type ConversationRow } from './conversation-records';
import { getSupportConversation } from './get-support-conversation';
import { lockConversationForWork, type ConversationAtWork } from './support-conversation-work';

/**
 * Inside the caller's transaction: makes a locked conversation the viewer's (status with_agent) and
 * audits it, unless it is theirs already. Replying takes a conversation this way too.
 */
export async function assignConversation(tx: Db, viewer: Viewer, work: ConversationAtWork): Promise<ConversationRow> {
  const { conversation } = work;
  if (conversation.agentProfileId === viewer.profileId && conversation.status === 'with_agent') return conversation;
  const taken = await setConversationStatus(tx, { conversation, status: 'with_agent', changes: { agentProfileId: viewer.profileId } });
  const fromSomeoneElse = conversation.agentProfileId !== null && conversation.agentProfileId !== viewer.profileId;
  await recordAudit(tx, viewer, {
    action: 'conversation.taken',
    entityType: 'chat_conversation',
    entityId: conversation.id,
    summary: fromSomeoneElse ? supportChatCopy.audit.takenFrom(work.customerName, work.previousAgentName ?? '') : supportChatCopy.audit.taken(work.customerName),
    before: { status: conversation.status, agentProfileId: conversation.agentProfileId },
    after: { status: taken.status, agentProfileId: taken.agentProfileId },
  });
  return taken;
}

/**
 * A support agent takes a conversation over: it becomes theirs and the customer's chat hears that a
 * person is there. Taking one another agent has is refused (409) unless the viewer is an admin.
 */
export async function takeConversation(options: { db: Db; viewer: Viewer; conversationId: string }): Promise<SupportConversationDetail> {
  const { db, viewer } = options;
  await db.transaction(async (tx) => {
    const work = await lockConversationForWork(tx, options);
    await assignConversation(tx, viewer, work);
  });
  return getSupportConversation({ db, viewer, conversationId: options.conversationId });
}
