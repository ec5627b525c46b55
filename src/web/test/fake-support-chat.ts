import type { Order } from '@/shared/contracts/orders';
import {
  CHAT_ORDER_DAYS,
  chatActionableStatuses,
  PENDING_ACTION_MINUTES,
  supportChatActionRequest,
  supportChatMessageRequest,
  type ChatAction,
  type ChatCompletionChunk,
  type ChatConversation,
  type ChatMessage,
  type ChatOrder,
  type ConversationStatus,
} from '@/shared/contracts/support-chat';
import { chatEngineCopy, chatErrors } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { apiError, parse, Refusal, type FakeApi } from './fake-api';
import { testId, type FakeUser } from './fake-data';

/** What the assistant answers to one message: its words, the orders it lists, an action it proposes. */
export interface FakeReply {
  content: string;
  orders?: ChatOrder[];
  propose?: { action: ChatAction; orderId: string; amount?: number };
  /** The conversation goes to a person with this reply. */
  escalate?: boolean;
}

/** What a test does to the support chat side of the fake beyond what the app asks of it. */
export interface SupportChatFakes {
  /** A customer's conversation as the server keeps it. */
  conversationOf(user: FakeUser): ChatConversation;
  /** The assistant's next replies, in order; after them the fake's own rules answer. */
  replyWith(...replies: FakeReply[]): void;
  /** Holds the next reply's chunks and its end: each `release()` lets `count` more through (all when none is given). */
  holdReply(): { release(count?: number): void };
  /** The next message is answered with this HTTP status instead of a reply. */
  failNext(status: 429 | 402 | 500): void;
  /** The next action form fails. */
  failNextAction(): void;
  /**
   * The next post reaches the server, which stores and answers it, but the connection drops before
   * the answer reaches the app (`before`) or while it streams (`during`).
   */
  loseNextAnswer(when: 'before' | 'during'): void;
  /** A support agent replies in the customer's conversation; open streams hear it. */
  agentReply(user: FakeUser, content: string, authorName: string): ChatMessage;
  /** The conversation moves to `status`; open streams hear it. */
  setStatus(user: FakeUser, status: ConversationStatus): void;
  /** A chat order as the assistant lists one. */
  chatOrderOf(order: Order): ChatOrder;
  /** How many live streams are open now. */
  openStreams(): number;
  /** Cuts every live stream as a network drop does. */
  dropStreams(): void;
}

const installed = new WeakMap<FakeApi, SupportChatFakes>();

export function supportChatFakes(api: FakeApi): SupportChatFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installSupportChatFakes was not called for this fake API');
  return fakes;
}

const failures = {
  429: { code: 'RATE_LIMITED', message: chatErrors.rateLimited },
  402: { code: 'PAYMENT_REQUIRED', message: chatErrors.paymentRequired },
  500: { code: 'INTERNAL', message: 'Something went wrong.' },
} as const;

/** Cuts a reply into the pieces a model streams: each word with the space after it. */
function tokens(content: string): string[] {
  return content.match(/\S+\s*|\s+/g) ?? [];
}

function chunk(content: string | null, finish = false): string {
  const body: ChatCompletionChunk = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake',
    choices: [{ index: 0, delta: content === null ? { role: 'assistant' } : { content }, finish_reason: finish ? 'stop' : null }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/**
 * POST /api/support-chat (the message form streams a reply as chat-completion chunks ending with
 * `[DONE]`; the action form runs the pending action and answers `{message}`), GET
 * /api/support-chat/conversation and the live stream, as the server answers them: customers only,
 * every message stored and announced, an action run only when it is the one waiting. By default the
 * assistant lists recent orders, proposes a cancel and hands over to a person; tests script it with
 * `replyWith`.
 */
export function installSupportChatFakes(api: FakeApi, customerOf: (order: Order) => FakeUser | undefined): SupportChatFakes {
  const conversations = new Map<string, ChatConversation>();
  const streams = new Map<(text: string) => void, { owner: string; drop(): void }>();
  const scripted: FakeReply[] = [];
  // Replies wait their turn in the order they asked (a message sent again while its first send is held waits too).
  let hold: { credits: number; waiting: (() => void)[] } | null = null;
  let failNext: 429 | 402 | 500 | null = null;
  let failAction = false;
  let nextId = 1;

  function conversationOf(user: FakeUser): ChatConversation {
    let conversation = conversations.get(user.id);
    if (!conversation) {
      conversation = { id: null, status: 'assistant', messages: [], pendingAction: null };
      conversations.set(user.id, conversation);
    }
    return conversation;
  }

  function announce(user: FakeUser, event: string, data: unknown) {
    for (const [write, { owner }] of streams) if (owner === user.id) write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  function append(user: FakeUser, message: Omit<ChatMessage, 'id' | 'createdAt'>): ChatMessage {
    const conversation = conversationOf(user);
    conversation.id ??= testId(40, nextId++);
    const stored: ChatMessage = { id: testId(41, nextId++), createdAt: new Date().toISOString(), ...message };
    conversation.messages.push(stored);
    announce(user, 'message', stored);
    return stored;
  }

  function setStatus(user: FakeUser, status: ConversationStatus) {
    const conversation = conversationOf(user);
    conversation.id ??= testId(40, nextId++);
    conversation.status = status;
    announce(user, 'status', { conversationId: conversation.id, status });
  }

  function chatOrderOf(order: Order): ChatOrder {
    // As the orders fake holds it now: it works out what may still be returned.
    const { id, orderNumber, status, type, totalAmount, placedAt, itemCount, timeZone, returnable, partlyRefunded } = api.data.orders.find((stored) => stored.id === order.id) ?? order;
    return { id, orderNumber, status, type, totalAmount, placedAt, itemCount, timeZone, returnable, partlyRefunded };
  }

  function recentOrders(user: FakeUser): Order[] {
    const since = Date.now() - CHAT_ORDER_DAYS * 86_400_000;
    return api.data.orders
      .filter((order) => customerOf(order)?.id === user.id && (chatActionableStatuses as readonly string[]).includes(order.status) && Date.parse(order.placedAt) >= since)
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  }

  /** The fake's own assistant: a few intents over the customer's own orders. */
  function answer(user: FakeUser, text: string): FakeReply {
    const words = text.toLowerCase();
    if (/\b(person|human|agent|someone)\b/.test(words)) {
      return { content: 'I have passed your conversation to our support team. A person will answer you here.', escalate: true };
    }
    const recent = recentOrders(user);
    if (words.includes('cancel')) {
      const order = recent[0];
      if (!order) return { content: 'I could not find an order of the last 3 days that can still be cancelled.' };
      return {
        content: `I can cancel order ${order.orderNumber} (${formatMoney(order.totalAmount)}). Reply yes to confirm.`,
        propose: { action: 'cancel_order', orderId: order.id },
      };
    }
    if (words.includes('order')) {
      if (recent.length === 0) return { content: 'You have no orders from the last 3 days that are still on their way.' };
      return { content: `Here are your orders from the last ${CHAT_ORDER_DAYS} days:`, orders: recent.map(chatOrderOf) };
    }
    return { content: `Hi ${user.profile.firstName ?? 'there'}! I can help with your orders, refunds, delivery and fees.` };
  }

  function waitTurn(): Promise<void> {
    const current = hold;
    if (!current || current.credits > 0) {
      if (current) current.credits -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => void current.waiting.push(resolve));
  }

  api.define('GET /api/support-chat/conversation', () => JSON.parse(JSON.stringify(conversationOf(api.customerOrRefuse()))) as ChatConversation);

  api.define('GET /api/support-chat/stream', () => {
    const customer = api.customerOrRefuse();
    const encoder = new TextEncoder();
    let write: ((text: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
        write = (text) => controller.enqueue(encoder.encode(text));
        streams.set(write, { owner: customer.id, drop: () => controller.error(new TypeError('network error')) });
      },
      cancel() {
        if (write) streams.delete(write);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  });

  api.define('POST /api/support-chat', ({ body }) => {
    const customer = api.customerOrRefuse();
    const conversation = conversationOf(customer);
    if (body && typeof body === 'object' && 'action' in body) {
      const input = parse(supportChatActionRequest, body);
      const pending = conversation.pendingAction;
      if (!pending || pending.status !== 'pending' || pending.action !== input.action || pending.orderId !== input.orderId) {
        throw new Refusal(409, 'NO_PENDING_ACTION', chatEngineCopy.refusals.noPendingAction);
      }
      // The confirmation of an action that runs is stored, as the server stores it.
      const last = input.messages.at(-1);
      if (last?.role === 'user') append(customer, { role: 'user', content: last.content, clientId: input.clientId });
      if (failAction) {
        failAction = false;
        conversation.pendingAction = { ...pending, status: 'failed' };
        throw new Refusal(409, 'ACTION_FAILED', 'This order can no longer be changed.');
      }
      return (async () => {
        if (input.action === 'cancel_order') {
          const cancelled = await api.respond({ method: 'POST', path: `/api/orders/${input.orderId}/cancel`, params: {}, query: new URLSearchParams(), body: { reason: 'Cancelled in the support chat' }, headers: new Headers() });
          if (!cancelled.ok) {
            conversation.pendingAction = { ...pending, status: 'failed' };
            return cancelled;
          }
        }
        conversation.pendingAction = { ...pending, status: 'done' };
        const message =
          input.action === 'cancel_order'
            ? `Order ${pending.orderNumber} is cancelled.${pending.amount > 0 ? ` ${formatMoney(pending.amount)} will be refunded to you.` : ''}`
            : `I have requested a refund of ${formatMoney(pending.amount)} for order ${pending.orderNumber}.`;
        append(customer, { role: 'assistant', content: message, clientId: input.clientId });
        return { message };
      })();
    }

    const input = parse(supportChatMessageRequest, body);
    if (failNext) {
      const status = failNext;
      failNext = null;
      return apiError(status, failures[status].code, failures[status].message);
    }
    const text = input.messages.at(-1)!.content;
    // A message the conversation already has (the same client id) is stored and run once: sent again, it
    // is answered with the reply stored to it, or nothing.
    const repeated = input.clientId !== undefined && conversation.messages.some((message) => message.role === 'user' && message.clientId === input.clientId);
    let reply: FakeReply;
    if (repeated) {
      reply = { content: conversation.messages.findLast((message) => message.role === 'assistant' && message.clientId === input.clientId)?.content ?? '' };
    } else {
      append(customer, { role: 'user', content: text, clientId: input.clientId });
      // Anything but a yes (which comes as the action form) drops the action that was waiting.
      if (conversation.pendingAction?.status === 'pending') conversation.pendingAction = { ...conversation.pendingAction, status: 'dropped' };
      // While a person has the conversation, the assistant stays quiet: an empty reply.
      reply = conversation.status !== 'assistant' ? { content: '' } : (scripted.shift() ?? answer(customer, text));
    }

    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(given) {
        controller = given;
      },
    });
    const send = (text: string) => controller.enqueue(encoder.encode(text));
    void (async () => {
      send(chunk(null));
      for (const token of tokens(reply.content)) {
        await waitTurn();
        send(chunk(token));
      }
      // The end waits its turn too, so a test sees the reply while it is still open.
      await waitTurn();
      hold = null;
      if (reply.content && !repeated) append(customer, { role: 'assistant', content: reply.content, clientId: input.clientId, ...(reply.orders ? { orders: reply.orders } : {}) });
      if (reply.propose) {
        const order = api.data.orders.find((candidate) => candidate.id === reply.propose!.orderId);
        if (!order) throw new Error(`no order ${reply.propose.orderId}`);
        const now = Date.now();
        conversation.pendingAction = {
          id: testId(42, nextId++),
          orderId: order.id,
          orderNumber: order.orderNumber,
          action: reply.propose.action,
          amount: reply.propose.amount ?? (order.payment.status === 'paid' ? order.totalAmount : 0),
          status: 'pending',
          expiresAt: new Date(now + PENDING_ACTION_MINUTES * 60_000).toISOString(),
          createdAt: new Date(now).toISOString(),
        };
      }
      if (reply.escalate) setStatus(customer, 'escalated');
      send(chunk('', true));
      send('data: [DONE]\n\n');
      controller.close();
    })();
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  });

  const fakes: SupportChatFakes = {
    conversationOf,
    replyWith: (...replies) => void scripted.push(...replies),
    holdReply() {
      const current = { credits: 0, waiting: [] as (() => void)[] };
      hold = current;
      return {
        release(count = Infinity) {
          current.credits += count;
          while (current.credits > 0 && current.waiting.length > 0) {
            current.credits -= 1;
            current.waiting.shift()!();
          }
        },
      };
    },
    failNext(status) {
      failNext = status;
    },
    failNextAction() {
      failAction = true;
    },
    loseNextAnswer(when) {
      api.on(
        'POST /api/support-chat',
        async (request) => {
          const answer = await api.respond(request);
          // The server goes on to the end, whatever became of the connection.
          const whole = new Uint8Array(await answer.arrayBuffer());
          if (when === 'before') throw new TypeError('Failed to fetch');
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(whole.slice(0, whole.indexOf(10) + 2));
              controller.error(new TypeError('network error'));
            },
          });
          return new Response(body, { status: answer.status, headers: answer.headers });
        },
        { times: 1 },
      );
    },
    agentReply: (user, content, authorName) => append(user, { role: 'agent', content, authorName }),
    setStatus,
    chatOrderOf,
    openStreams: () => streams.size,
    dropStreams() {
      for (const [write, stream] of [...streams]) {
        streams.delete(write);
        stream.drop();
      }
    },
  };
  installed.set(api, fakes);
  return fakes;
}
