import { z } from 'zod';
import { orderStatuses, orderTypes } from '../order-status';
import { cents, id, text } from './common';

/** SPEC §9: the chat lists the orders placed within the last 3 days. */
export const CHAT_ORDER_DAYS = 3;
/** SPEC §4: the statuses the chat may cancel or refund. */
export const chatActionableStatuses = ['placed', 'confirmed', 'processing'] as const;
/** Past those, and not yet delivered: what "where is my order?" is about once the order has left the store. */
export const chatOnTheWayStatuses = ['ready', 'out_for_delivery'] as const;
/** How long a proposed action waits for the customer's confirmation. */
export const PENDING_ACTION_MINUTES = 10;
/** The longest message a customer may send. */
export const MAX_CHAT_MESSAGE_CHARS = 2000;
/** The most turns a request may carry (the client sends its history). */
export const MAX_CHAT_MESSAGES = 50;
/** Messages a customer may send per minute before the chat answers 429. */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** After this many replies that could not help, the conversation goes to a person. */
export const UNHELPED_REPLIES_BEFORE_ESCALATION = 2;

export const chatActions = ['cancel_order', 'request_refund'] as const;
export type ChatAction = (typeof chatActions)[number];

/**
 * Who wrote a stored message: the customer, the assistant, or a support agent who took the
 * conversation over. (The SSE stream speaks as `assistant` in both of the latter cases.)
 */
export const chatAuthors = ['user', 'assistant', 'agent'] as const;
export type ChatAuthor = (typeof chatAuthors)[number];

/** Where a conversation is: with the assistant, waiting for a person, with a person, or over. */
export const conversationStatuses = ['assistant', 'escalated', 'with_agent', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** What became of a proposed action. */
export const pendingActionStatuses = ['pending', 'done', 'dropped', 'expired', 'failed'] as const;
export type PendingActionStatus = (typeof pendingActionStatuses)[number];

/** One turn as the client sends it (SPEC §7: `{role, content}`). */
export const chatTurnInput = z.object({
  role: z.enum(['user', 'assistant'], { error: 'Role must be user or assistant' }),
  content: text({ label: 'Message', max: MAX_CHAT_MESSAGE_CHARS, multiline: true }),
});

const turns = z
  .array(chatTurnInput, { error: 'Messages must be a list' })
  .min(1, 'Send at least one message')
  .max(MAX_CHAT_MESSAGES, `At most ${MAX_CHAT_MESSAGES} messages`);

/**
 * The id the customer's device gave its last turn. The stored message and the reply to it carry it
 * back, so the device knows its own message among others with the same words.
 */
const clientId = id.optional();

/** POST /api/support-chat, the message form: the last turn must be the customer's, and not blank. */
export const supportChatMessageRequest = z
  .object({ messages: turns, clientId })
  .strict()
  .refine((body) => {
    const last = body.messages.at(-1);
    return last?.role === 'user' && last.content.length > 0;
  }, { message: 'The last message must be a non-empty message from you', path: ['messages'] });

/** POST /api/support-chat, the action form: runs the pending action the customer confirmed. */
export const supportChatActionRequest = z
  .object({
    messages: turns,
    action: z.enum(chatActions, { error: 'Action must be cancel_order or request_refund' }),
    orderId: id,
    clientId,
  })
  .strict();

export const supportChatRequest = z.union([supportChatActionRequest, supportChatMessageRequest]);
export type SupportChatRequest = z.infer<typeof supportChatRequest>;

/** The action form's answer (SPEC §7). */
export const supportChatActionResponse = z.object({ message: z.string() });

/** One order as the chat lists it (SPEC §3 orders: number, status, total, placed time, item count). */
export const chatOrder = z.object({
  id,
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  type: z.enum(orderTypes),
  totalAmount: cents,
  placedAt: z.string(),
  itemCount: z.number().int().nonnegative(),
  /** The store's (or kitchen's) time zone, in which its times are shown. */
  timeZone: z.string().optional(),
  /** A return may still be asked of it, as on the order's page. Absent on cards stored before it was sent. */
  returnable: z.boolean().optional(),
  /**
   * Refunded only in part, as on the order's page: it reads "Partially refunded". Absent on cards stored
   * before it was sent, which read as they did then (a refunded order that is returnable).
   */
  partlyRefunded: z.boolean().optional(),
});
export type ChatOrder = z.infer<typeof chatOrder>;

export const pendingChatAction = z.object({
  id,
  orderId: id,
  orderNumber: z.string(),
  action: z.enum(chatActions),
  /** What the customer gets back, in cents (0 when nothing was charged). */
  amount: cents,
  status: z.enum(pendingActionStatuses),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingChatAction = z.infer<typeof pendingChatAction>;

/** A stored message (SPEC §3: id, role, content, timestamp, optional orders list). */
export const chatMessage = z.object({
  id,
  role: z.enum(chatAuthors),
  content: z.string(),
  createdAt: z.string(),
  /** The orders a reply listed, shown as cards under it. */
  orders: z.array(chatOrder).optional(),
  /** A support agent's first name, on their replies. */
  authorName: z.string().optional(),
  /** The id the customer's device gave the message, or, on the assistant's reply, the message it answers. */
  clientId: id.optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** GET /api/support-chat/conversation: the customer's current conversation, for a reload or another device. */
export const chatConversation = z.object({
  id: id.nullable(),
  status: z.enum(conversationStatuses),
  messages: z.array(chatMessage),
  pendingAction: pendingChatAction.nullable(),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/**
 * Events of GET /api/support-chat/stream (the customer's live feed): `ready` once listening, then
 * `message` (a ChatMessage an agent wrote, or one written on another device) and `status`.
 */
export const chatStatusEvent = z.object({ conversationId: id, status: z.enum(conversationStatuses) });

/** One chunk of the reply stream, in the OpenAI chat-completions chunk format. */
export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: 0; delta: { role?: 'assistant'; content?: string }; finish_reason: 'stop' | null }[];
}

// Support side ------------------------------------------------------------------------------

export const supportConversationQuery = z.object({
  /** `open`: escalated or with an agent. */
  status: z.enum(['open', 'escalated', 'with_agent', 'closed'], { error: 'Unknown status' }).default('open'),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100).default(25),
});

export const supportConversationSummary = z.object({
  id,
  status: z.enum(conversationStatuses),
  customer: z.object({ profileId: id, name: z.string(), email: z.string() }),
  /** The assistant's short summary of what the customer needs, written when it escalated. */
  summary: z.string(),
  escalatedAt: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessage: z.string(),
  /** The agent who took it over, if any. */
  agent: z.object({ profileId: id, name: z.string() }).nullable(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummary>;

export const supportConversationPage = z.object({ items: z.array(supportConversationSummary), total: z.number().int() });
export type SupportConversationPage = z.infer<typeof supportConversationPage>;
export type SupportConversationQuery = z.input<typeof supportConversationQuery>;

export const supportConversationDetail = supportConversationSummary.extend({
  messages: z.array(chatMessage),
  /** Every action the assistant proposed in this conversation, newest first, with what became of it. */
  actions: z.array(pendingChatAction),
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetail>;

export const agentReplyInput = z.object({ content: text({ label: 'Reply', max: MAX_CHAT_MESSAGE_CHARS, required: true, multiline: true }) }).strict();
