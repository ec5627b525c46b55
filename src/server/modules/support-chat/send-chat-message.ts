import { desc, eq, sql } from 'drizzle-orm';
import { CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES, UNHELPED_REPLIES_BEFORE_ESCALATION, type ChatAuthor, type ChatOrder, type PendingChatAction } from '@/shared/contracts/support-chat';
import { isConfirmation } from '@/shared/chat-rules';
import { chatEngineCopy, chatErrors } from '@/shared/copy';
import { preparedQuery, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { AssistantUnavailable, type ChatAssistant } from '../../providers/ai';
import type { PaymentProvider } from '../../providers/payments';
import { profileNames } from '../../read-models/order-context';
import { createChatTools } from './chat-tools';
import { appendMessage, setConversationStatus, type ConversationRow } from './conversation-records';
import { executePendingAction } from './execute-pending-action';
import { lockOpenChat } from './open-chat';
import { resolvePendingAction, toPendingChatAction, type PendingActionRow } from './pending-actions';
import { chatConversations, chatMessages } from './support-chat.tables';

/** A lone "yes" with nothing waiting for it is answered by the engine, not passed on. */
const MAX_CONFIRMATION_WORDS = 4;

/** The refusal a provider's AssistantUnavailable becomes (SPEC §8). */
export function assistantRefusal(error: AssistantUnavailable): AppError {
  switch (error.reason) {
    case 'rate_limited':
      return new AppError({ kind: 'RATE_LIMITED', code: 'ASSISTANT_RATE_LIMITED', message: chatErrors.rateLimited, retryAfterSeconds: 30 });
    case 'payment_required':
      return new AppError({ kind: 'PAYMENT_REQUIRED', code: 'ASSISTANT_PAYMENT_REQUIRED', message: chatErrors.paymentRequired });
    default:
      return new AppError({ kind: 'BAD_GATEWAY', code: 'ASSISTANT_FAILED', message: chatErrors.sendFailed });
  }
}

/** Splits a text into small pieces (a word and the space after it), as a streaming reply arrives. */
export function* wordsOf(text: string): Generator<string> {
  for (const match of text.matchAll(/\s*\S+\s*/g)) yield match[0];
}

interface MessageContext {
  /** The customer's messages of the last minute, in every conversation of theirs. */
  sent: number;
  /** The conversation's pending action, if any: its id and when it expires (epoch ms). */
  pendingId: string | null;
  pendingExpiresAt: number | null;
  /** The last messages before this one, oldest first. */
  history: { role: ChatAuthor; content: string }[];
}

/**
 * What the engine reads before storing a message, in one statement, run once the conversation is
 * locked (so it sees every message and action written before): the rate count (per customer, from
 * their stored messages, so every instance agrees: no counters in memory), the pending action and
 * the history.
 */
const messageContext = preparedQuery<{ conversationId: string; customerProfileId: string }, MessageContext>(
  'chat_message_context',
  (p) => sql`select
      (select count(*)::int from chat_messages m join chat_conversations c on c.id = m.conversation_id
        where c.customer_profile_id = ${p.customerProfileId} and m.author = 'user' and m.created_at > now() - interval '1 minute') as sent,
      pending.id as "pendingId",
      (extract(epoch from pending.expires_at) * 1000)::float8 as "pendingExpiresAt",
      coalesce((select jsonb_agg(jsonb_build_object('role', h.author, 'content', h.content) order by h.seq)
        from (select author, content, seq from chat_messages where conversation_id = ${p.conversationId}
          order by seq desc limit ${MAX_CHAT_MESSAGES - 1}) h), '[]'::jsonb) as history
    from (select 1) one
    left join lateral (select id, expires_at from chat_pending_actions
      where conversation_id = ${p.conversationId} and status = 'pending' order by created_at desc limit 1) pending on true`,
);

function rateLimited(): AppError {
  return new AppError({ kind: 'RATE_LIMITED', code: 'CHAT_RATE_LIMITED', message: chatErrors.rateLimited, retryAfterSeconds: 60 });
}

/**
 * Moves a conversation's count of unhelped replies and locks it, in one statement: `helped` resets it,
 * otherwise it goes up by one.
 */
async function countReply(tx: Db, conversationId: string, helped: boolean): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .update(chatConversations)
    .set({ unhelpedReplies: helped ? 0 : sql`${chatConversations.unhelpedReplies} + 1` })
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row;
}

/** Stores a reply of the assistant in its own short transaction, after the text is complete. */
async function storeReply(
  db: Db,
  options: { conversationId: string; content: string; orders?: ChatOrder[]; helped: boolean; clientId?: string },
): Promise<{ escalated: boolean }> {
  return db.transaction(async (tx) => {
    const conversation = await countReply(tx, options.conversationId, options.helped);
    if (!conversation) return { escalated: false };
    const escalate = conversation.status === 'assistant' && conversation.unhelpedReplies >= UNHELPED_REPLIES_BEFORE_ESCALATION;
    const content = escalate ? `${options.content}\n\n${chatEngineCopy.handedOver}` : options.content;
    await appendMessage(tx, { conversation, author: 'assistant', content, orders: options.orders, clientId: options.clientId });
    if (escalate) {
      const [lastUser] = await tx
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(sql`${chatMessages.conversationId} = ${conversation.id} and ${chatMessages.author} = 'user'`)
        .orderBy(desc(chatMessages.seq))
        .limit(1);
      await setConversationStatus(tx, {
        conversation,
        status: 'escalated',
        changes: { summary: chatEngineCopy.unhelpedSummary((lastUser?.content ?? '').slice(0, 300)), escalatedAt: new Date(), unhelpedReplies: 0 },
      });
    }
    return { escalated: escalate };
  });
}

async function storeEngineReply(db: Db, conversationId: string, content: string, clientId: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await countReply(tx, conversationId, true);
    if (!conversation) return;
    await appendMessage(tx, { conversation, author: 'assistant', content, clientId });
  });
}

/** The reply stored to the customer's message with this client id, if one is stored yet. */
async function storedReply(db: Db, conversationId: string, clientId: string): Promise<string | null> {
  const [reply] = await db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(sql`${chatMessages.conversationId} = ${conversationId} and ${chatMessages.clientId} = ${clientId} and ${chatMessages.author} = 'assistant'`)
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return reply?.content ?? null;
}

type Stage =
  | { kind: 'quiet' }
  | { kind: 'repeat'; clientId: string }
  | { kind: 'say'; content: string }
  | { kind: 'execute'; action: PendingActionRow }
  | { kind: 'assistant'; conversation: ConversationRow; dropped: PendingChatAction | null; turns: { role: ChatAuthor; content: string }[] };

/**
 * The message form of the support chat: stores the customer's message in their open conversation,
 * then decides who answers. A pending action is settled first (an expired one is marked so; a
 * confirmation runs it; anything else drops it); a conversation with a person gets no assistant
 * reply; otherwise the assistant answers from the stored history, with tools bound to this customer.
 *
 * Resolves once the answer is sure to start, with its text in pieces: refusals (rate limit, a
 * provider's 429 or 402) reject here, before any byte is streamed, so they can be proper HTTP errors.
 * The customer's message stays stored either way. No transaction is open while the text streams.
 * The message and its reply are stored with the `clientId` the customer's device gave the message.
 * A message sent again with the same `clientId` (its first answer was lost on the way) is not stored
 * again and runs nothing: the answer is the reply stored to the first, or nothing when there is none
 * (yet). The conversation's unique index on the client id decides, so two sends at once store one.
 */
export async function sendChatMessage(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  assistant: ChatAssistant;
  viewer: Viewer;
  content: string;
  clientId?: string;
}): Promise<AsyncIterable<string>> {
  const { db, viewer, content, clientId } = options;
  let conversationId = '';
  const stage = await db.transaction(async (tx): Promise<Stage> => {
    const conversation = await lockOpenChat(tx, viewer.profileId);
    conversationId = conversation.id;
    const [context] = await messageContext(tx, { conversationId: conversation.id, customerProfileId: viewer.profileId });
    const stored = await appendMessage(tx, { conversation, author: 'user', content, clientId });
    if (!stored) return { kind: 'repeat', clientId: clientId! };
    // Refused only now, so a message sent again is answered whatever the count; the refusal rolls the message back.
    if ((context?.sent ?? 0) >= CHAT_MESSAGES_PER_MINUTE) throw rateLimited();
    if (conversation.status !== 'assistant') return { kind: 'quiet' };

    let dropped: PendingChatAction | null = null;
    const confirming = isConfirmation(content);
    const pendingId = context?.pendingId ?? null;
    if (pendingId && context!.pendingExpiresAt! <= Date.now()) {
      await resolvePendingAction(tx, { id: pendingId, status: 'expired' });
      if (confirming) return { kind: 'say', content: chatEngineCopy.refusals.pendingActionExpired };
    } else if (pendingId && confirming) {
      const claimed = await resolvePendingAction(tx, { id: pendingId, status: 'done' });
      if (claimed) return { kind: 'execute', action: claimed };
    } else if (pendingId) {
      const resolved = await resolvePendingAction(tx, { id: pendingId, status: 'dropped' });
      if (resolved) dropped = toPendingChatAction(resolved);
    } else if (confirming && content.split(/\s+/).length <= MAX_CONFIRMATION_WORDS) {
      return { kind: 'say', content: chatEngineCopy.refusals.noPendingAction };
    }
    const turns = [...(context?.history ?? []), { role: 'user' as const, content }].slice(-MAX_CHAT_MESSAGES);
    return { kind: 'assistant', conversation, dropped, turns };
  });
  switch (stage.kind) {
    case 'quiet':
      return (async function* () {})();
    case 'repeat':
      return wordsAsync((await storedReply(db, conversationId, stage.clientId)) ?? '');
    case 'say':
      await storeEngineReply(db, conversationId, stage.content, clientId);
      return wordsAsync(stage.content);
    case 'execute': {
      const result = await executePendingAction({ db, payments: options.payments, logger: options.logger, viewer, action: stage.action });
      await storeEngineReply(db, conversationId, result.message, clientId);
      return wordsAsync(result.message);
    }
    case 'assistant':
      return replyFromAssistant(options, stage);
  }
}

async function* wordsAsync(text: string): AsyncGenerator<string> {
  yield* wordsOf(text);
}

async function replyFromAssistant(
  options: Parameters<typeof sendChatMessage>[0],
  stage: Extract<Stage, { kind: 'assistant' }>,
): Promise<AsyncIterable<string>> {
  const { db, viewer } = options;
  const names = await profileNames(db, [viewer.profileId]);
  const tools = createChatTools({ db, viewer, conversationId: stage.conversation.id });
  let iterator: AsyncIterator<string>;
  let first: IteratorResult<string>;
  let reply: Awaited<ReturnType<ChatAssistant['reply']>>;
  try {
    reply = await options.assistant.reply({
      turns: stage.turns,
      customerName: names.get(viewer.profileId)?.firstName ?? '',
      tools,
      dropped: stage.dropped,
      unhelpedReplies: stage.conversation.unhelpedReplies,
      // Written to the end and stored whoever is still listening (each provider call has its own deadline):
      // a message sent again after a dropped connection is answered with it, and the history shows it.
      signal: new AbortController().signal,
    });
    iterator = reply.text[Symbol.asyncIterator]();
    // A provider may refuse on its first piece rather than on the call: still before any byte is sent.
    first = await iterator.next();
  } catch (error) {
    if (error instanceof AssistantUnavailable) throw assistantRefusal(error);
    throw error;
  }
  const conversationId = stage.conversation.id;
  return (async function* () {
    let text = '';
    let next = first;
    while (!next.done) {
      text += next.value;
      yield next.value;
      next = await iterator.next();
    }
    const outcome = reply.outcome();
    const { escalated } = await storeReply(db, { conversationId, content: text.trim(), orders: outcome.orders, helped: outcome.helped, clientId: options.clientId });
    if (escalated) yield* wordsOf(`\n\n${chatEngineCopy.handedOver}`);
  })();
}
