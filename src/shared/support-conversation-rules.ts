import type { ConversationStatus } from './contracts/support-chat';
import type { Role } from './roles';

/**
 * Who may work on a conversation the assistant handed to a person (the server enforces it; the
 * support dashboard shows only what it will accept). A conversation someone has taken is theirs:
 * another support agent may read it but not answer or close it, so a customer never gets two people
 * talking over each other. Admins may take one over, as the person who reassigns work.
 */
export function mayWorkOnConversation(options: {
  viewer: { role: Role; profileId: string };
  conversation: { status: ConversationStatus; agentProfileId: string | null };
}): boolean {
  const { viewer, conversation } = options;
  if (viewer.role !== 'support' && viewer.role !== 'admin') return false;
  if (conversation.status === 'closed') return false;
  return conversation.agentProfileId === null || conversation.agentProfileId === viewer.profileId || viewer.role === 'admin';
}

/** Whether "Take over" makes sense: the viewer may work on it and it is not already theirs. */
export function mayTakeConversation(options: Parameters<typeof mayWorkOnConversation>[0]): boolean {
  return mayWorkOnConversation(options) && options.conversation.agentProfileId !== options.viewer.profileId;
}
