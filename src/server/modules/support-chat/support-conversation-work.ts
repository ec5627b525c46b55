import { supportChatCopy } from '@/shared/staff-copy';
import { mayWorkOnConversation } from '@/shared/support-conversation-rules';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { readPeopleNames } from '../../read-models/support-conversations';
import { lockConversation, type ConversationRow } from './conversation-records';

const text = supportChatCopy.refusals;

/** Support and admins only, whatever the router let through. */
export function assertSupportStaff(viewer: Viewer): void {
  if (viewer.role !== 'support' && viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: text.staffOnly });
}

export function conversationNotFound(): AppError {
  return new AppError({ kind: 'NOT_FOUND', message: text.notFound });
}

export interface ConversationAtWork {
  conversation: ConversationRow;
  /** The viewer's first name, which the customer reads on their replies. */
  viewerFirstName: string;
  customerName: string;
  /** Who had the conversation before, if anyone. */
  previousAgentName: string | null;
}

/**
 * Locks a conversation a staff member is about to change and checks they may: it exists, it is not
 * closed, and nobody else has it (admins excepted). Answers the row and the names the messages and
 * the audit log need.
 */
export async function lockConversationForWork(tx: Db, options: { viewer: Viewer; conversationId: string }): Promise<ConversationAtWork> {
  const { viewer } = options;
  assertSupportStaff(viewer);
  const conversation = await lockConversation(tx, options.conversationId);
  if (!conversation) throw conversationNotFound();
  const agentId = conversation.agentProfileId;
  const names = await readPeopleNames(tx, [viewer.profileId, conversation.customerProfileId, ...(agentId ? [agentId] : [])]);
  const previousAgentName = agentId ? (names.get(agentId)?.name ?? supportChatCopy.conversation.authors.agent) : null;
  if (conversation.status === 'closed') throw new AppError({ kind: 'CONFLICT', code: 'CONVERSATION_CLOSED', message: text.closed });
  if (!mayWorkOnConversation({ viewer, conversation })) {
    throw new AppError({ kind: 'CONFLICT', code: 'CONVERSATION_TAKEN', message: text.taken(previousAgentName ?? supportChatCopy.conversation.authors.agent) });
  }
  const me = names.get(viewer.profileId);
  return {
    conversation,
    viewerFirstName: me?.firstName ?? me?.name ?? viewer.email,
    customerName: names.get(conversation.customerProfileId)?.name ?? '',
    previousAgentName,
  };
}
