import { describe, expect, it } from 'vitest';
import { mayTakeConversation, mayWorkOnConversation } from './support-conversation-rules';

const support = { role: 'support' as const, profileId: 'agent-1' };
const otherSupport = { role: 'support' as const, profileId: 'agent-2' };
const admin = { role: 'admin' as const, profileId: 'admin-1' };

describe('who may work on a conversation handed to a person', () => {
  it('lets any support agent or admin take one nobody has, and nobody else', () => {
    const waiting = { status: 'escalated' as const, agentProfileId: null };
    expect(mayTakeConversation({ viewer: support, conversation: waiting })).toBe(true);
    expect(mayTakeConversation({ viewer: admin, conversation: waiting })).toBe(true);
    for (const role of ['customer', 'manager', 'driver', 'cloud_kitchen'] as const) {
      expect(mayWorkOnConversation({ viewer: { role, profileId: 'x' }, conversation: waiting })).toBe(false);
    }
  });

  it("keeps a taken conversation its agent's: another agent may not work on it, an admin may take it over", () => {
    const taken = { status: 'with_agent' as const, agentProfileId: support.profileId };
    expect(mayWorkOnConversation({ viewer: support, conversation: taken })).toBe(true);
    expect(mayTakeConversation({ viewer: support, conversation: taken })).toBe(false);
    expect(mayWorkOnConversation({ viewer: otherSupport, conversation: taken })).toBe(false);
    expect(mayTakeConversation({ viewer: admin, conversation: taken })).toBe(true);
  });

  it('lets nobody work on a closed conversation', () => {
    const closed = { status: 'closed' as const, agentProfileId: null };
    expect(mayWorkOnConversation({ viewer: support, conversation: closed })).toBe(false);
    expect(mayWorkOnConversation({ viewer: admin, conversation: closed })).toBe(false);
  });
});
