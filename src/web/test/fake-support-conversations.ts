import { agentReplyInput, supportConversationQuery, type ChatMessage, type SupportConversationDetail, type SupportConversationSummary } from '@/shared/contracts/support-chat';
import { supportChatCopy } from '@/shared/staff-copy';
import { mayWorkOnConversation } from '@/shared/support-conversation-rules';
import { json, parse, Refusal, type FakeApi } from './fake-api';
import { testId, type FakeUser } from './fake-data';

/** What a test does to support's conversations beyond what the app asks of them. */
export interface SupportConversationFakes {
  /** The conversations as stored, with their transcripts and proposed actions. */
  conversations: SupportConversationDetail[];
  /** Stores a conversation (or replaces the one with its id) and tells every open stream, as the server's feed does. */
  put(conversation: SupportConversationDetail): void;
  /** A customer's message in a conversation, told to every open stream. */
  customerWrites(conversationId: string, content: string): ChatMessage;
  /** How many conversation streams are open now. */
  openStreams(): number;
}

const installed = new WeakMap<FakeApi, SupportConversationFakes>();

export function supportConversationFakes(api: FakeApi): SupportConversationFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installSupportConversationFakes was not called for this fake API');
  return fakes;
}

/** An escalated conversation of a customer, waiting since `minutesAgo`, for tests to change. */
export function aConversation(index: number, overrides: Partial<SupportConversationDetail> = {}, minutesAgo = 5): SupportConversationDetail {
  const escalatedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const messages: ChatMessage[] = [
    { id: testId(61, index * 10 + 1), role: 'user', content: 'Where is my order?', createdAt: escalatedAt },
    { id: testId(61, index * 10 + 2), role: 'assistant', content: 'It is on its way.', createdAt: escalatedAt },
    { id: testId(61, index * 10 + 3), role: 'user', content: 'I want to talk to a person', createdAt: escalatedAt },
  ];
  return {
    id: testId(60, index),
    status: 'escalated',
    customer: { profileId: testId(62, index), name: `Robin Vale ${index}`, email: `robin${index}@example.test` },
    summary: 'Late order; the customer asked for a person',
    escalatedAt,
    lastMessageAt: escalatedAt,
    lastMessage: 'I want to talk to a person',
    agent: null,
    messages,
    actions: [],
    ...overrides,
  };
}

function summaryOf({ messages: _messages, actions: _actions, ...summary }: SupportConversationDetail): SupportConversationSummary {
  return summary;
}

/**
 * /api/support/conversations and its stream over `conversations`, as the server answers them: support
 * and admins only; open ones oldest escalation first, closed newest first, paged; taking, replying and
 * closing refused on a closed conversation or one another agent has (admins excepted); the stream
 * starts with `ready` and tells each change as a `conversation` event.
 */
export function installSupportConversationFakes(api: FakeApi): SupportConversationFakes {
  let nextId = 1;
  const streams = new Set<(text: string) => void>();
  const conversations: SupportConversationDetail[] = [];

  function staff(): FakeUser {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'support' && viewer.profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', supportChatCopy.refusals.staffOnly);
    return viewer;
  }

  function find(id: string | undefined): SupportConversationDetail {
    const found = conversations.find((conversation) => conversation.id === id);
    if (!found) throw new Refusal(404, 'NOT_FOUND', supportChatCopy.refusals.notFound);
    return found;
  }

  function tell(conversation: SupportConversationDetail) {
    if (conversation.status === 'assistant') return;
    for (const write of streams) write(`event: conversation\ndata: ${JSON.stringify(summaryOf(conversation))}\n\n`);
  }

  function put(conversation: SupportConversationDetail) {
    const index = conversations.findIndex((candidate) => candidate.id === conversation.id);
    if (index < 0) conversations.push(conversation);
    else conversations[index] = conversation;
    tell(conversation);
  }

  /** The conversation, checked for work by the viewer, and made theirs. */
  function claim(viewer: FakeUser, id: string | undefined): SupportConversationDetail {
    const conversation = find(id);
    if (conversation.status === 'closed') throw new Refusal(409, 'CONVERSATION_CLOSED', supportChatCopy.refusals.closed);
    const facts = { status: conversation.status, agentProfileId: conversation.agent?.profileId ?? null };
    if (!mayWorkOnConversation({ viewer: { role: viewer.profile.role, profileId: viewer.profile.id }, conversation: facts })) {
      throw new Refusal(409, 'CONVERSATION_TAKEN', supportChatCopy.refusals.taken(conversation.agent?.name ?? ''));
    }
    return { ...conversation, status: 'with_agent', agent: { profileId: viewer.profile.id, name: viewer.profile.firstName ?? viewer.name } };
  }

  api.define('GET /api/support/conversations', ({ query }) => {
    staff();
    const filters = parse(supportConversationQuery, Object.fromEntries(query));
    const rows = conversations
      .filter((conversation) => (filters.status === 'open' ? conversation.status === 'escalated' || conversation.status === 'with_agent' : conversation.status === filters.status))
      .map(summaryOf)
      .sort((a, b) => (filters.status === 'closed' ? b.lastMessageAt.localeCompare(a.lastMessageAt) : (a.escalatedAt ?? '').localeCompare(b.escalatedAt ?? '')));
    const start = (filters.page - 1) * filters.pageSize;
    return { items: rows.slice(start, start + filters.pageSize), total: rows.length };
  });

  api.define('GET /api/support/conversations/stream', () => {
    staff();
    const encoder = new TextEncoder();
    let write: ((text: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
        write = (text) => controller.enqueue(encoder.encode(text));
        streams.add(write);
      },
      cancel() {
        if (write) streams.delete(write);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  });

  api.define('GET /api/support/conversations/:id', ({ params }) => {
    staff();
    return find(params.id);
  });

  api.define('POST /api/support/conversations/:id/take', ({ params }) => {
    const taken = claim(staff(), params.id);
    put(taken);
    return taken;
  });

  api.define('POST /api/support/conversations/:id/messages', ({ params, body }) => {
    const viewer = staff();
    const input = parse(agentReplyInput, body);
    const taken = claim(viewer, params.id);
    const message: ChatMessage = {
      id: testId(61, 9000 + nextId++),
      role: 'agent',
      content: input.content,
      createdAt: new Date().toISOString(),
      authorName: viewer.profile.firstName ?? viewer.name,
    };
    put({ ...taken, messages: [...taken.messages, message], lastMessage: message.content, lastMessageAt: message.createdAt });
    return json(message, 201);
  });

  api.define('POST /api/support/conversations/:id/close', ({ params }) => {
    const viewer = staff();
    const current = find(params.id);
    claim(viewer, params.id);
    const closed: SupportConversationDetail = { ...current, status: 'closed' };
    put(closed);
    return closed;
  });

  const fakes: SupportConversationFakes = {
    conversations,
    put,
    customerWrites(conversationId, content) {
      const conversation = find(conversationId);
      const message: ChatMessage = { id: testId(61, 9000 + nextId++), role: 'user', content, createdAt: new Date().toISOString() };
      put({ ...conversation, messages: [...conversation.messages, message], lastMessage: content, lastMessageAt: message.createdAt });
      return message;
    },
    openStreams: () => streams.size,
  };
  installed.set(api, fakes);
  return fakes;
}
