import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES, type ChatMessage, type PendingChatAction } from '@/shared/contracts/support-chat';
import { randomId } from '@/web/lib/random-id';
import type { ChatTurn } from './api/support-chat-api';

const localPrefix = 'local-';
const apologyPrefix = 'local-apology-';
let nextLocalId = 1;

/**
 * A message shown before the server has stored it: the customer's own, with a new `clientId` the
 * server stores it under (or the one it was first sent with, when it is sent again), or a reply just
 * streamed, with the `clientId` of the message it answers.
 */
export function localMessage(
  role: 'user' | 'assistant',
  content: string,
  options: { apology?: boolean; answering?: ChatMessage; clientId?: string } = {},
): ChatMessage {
  const id = `${options.apology ? apologyPrefix : localPrefix}${nextLocalId++}`;
  const clientId = options.apology ? undefined : role === 'user' ? (options.clientId ?? randomId()) : options.answering?.clientId;
  return { id, role, content, createdAt: new Date().toISOString(), ...(clientId ? { clientId } : {}) };
}

export const isLocal = (message: ChatMessage) => message.id.startsWith(localPrefix);
const isApology = (message: ChatMessage) => message.id.startsWith(apologyPrefix);

/**
 * Whether `stored` is the server's copy of `shown`, a message this device showed before the server
 * had it: same author and client id. Never by the words, which repeat ("yes" twice in a conversation).
 */
const isStoredCopy = (shown: ChatMessage, stored: ChatMessage) =>
  isLocal(shown) && !isApology(shown) && shown.clientId !== undefined && shown.clientId === stored.clientId && shown.role === stored.role;

/** Whether the list holds the server's copy of a message of `role` with this client id. */
export const holdsStored = (list: ChatMessage[], role: ChatMessage['role'], clientId: string | undefined) =>
  clientId !== undefined && list.some((message) => !isLocal(message) && message.role === role && message.clientId === clientId);

/**
 * Adds a message this device shows before the server has it, unless the server's copy is already
 * there (a message sent again whose first send was stored).
 */
export const addShown = (list: ChatMessage[], message: ChatMessage) => (holdsStored(list, message.role, message.clientId) ? list : [...list, message]);

/**
 * Adds a message the server announced. One already shown (by id) is replaced; the stored copy of a
 * message this device showed before the server had it takes its place; any other is added at the
 * end. So the live feed never shows a message twice.
 */
export function mergeMessage(list: ChatMessage[], incoming: ChatMessage): ChatMessage[] {
  const same = list.findIndex((message) => message.id === incoming.id);
  if (same >= 0) return list.map((message, index) => (index === same ? incoming : message));
  const shownEarlier = list.findIndex((message) => isStoredCopy(message, incoming));
  if (shownEarlier >= 0) return list.map((message, index) => (index === shownEarlier ? incoming : message));
  return [...list, incoming];
}

/**
 * The history the server answered, with what only this device has kept in its place: a message the
 * server did not store (a failed send) and the apology after it stay where they were; a message the
 * device showed before the server had it gives way to the stored copy.
 */
export function reconcile(previous: ChatMessage[], server: ChatMessage[]): ChatMessage[] {
  const known = new Set(previous.filter((message) => !isLocal(message)).map((message) => message.id));
  const fresh = server.filter((message) => !known.has(message.id));
  const storedAs = new Map<string, string>();
  const taken = new Set<string>();
  for (const message of previous) {
    if (!isLocal(message) || isApology(message)) continue;
    const stored = fresh.find((candidate) => !taken.has(candidate.id) && isStoredCopy(message, candidate));
    if (!stored) continue;
    storedAs.set(message.id, stored.id);
    taken.add(stored.id);
  }
  const result = [...server];
  let anchor: string | null = null;
  for (const message of previous) {
    if (!isLocal(message)) {
      anchor = message.id;
      continue;
    }
    const stored = storedAs.get(message.id);
    if (stored) {
      anchor = stored;
      continue;
    }
    const after = anchor === null ? -1 : result.findIndex((candidate) => candidate.id === anchor);
    result.splice(anchor === null ? 0 : after >= 0 ? after + 1 : result.length, 0, message);
    anchor = message.id;
  }
  return result;
}

/**
 * The conversation as the API takes it: the agent speaks as the assistant, the apology shown after a
 * failure is not part of it, and only the latest turns go, each within the size the server accepts.
 */
export function toTurns(messages: ChatMessage[]): ChatTurn[] {
  return messages
    .filter((message) => !isApology(message) && message.content.trim().length > 0)
    .map((message) => ({ role: message.role === 'user' ? ('user' as const) : ('assistant' as const), content: message.content.trim().slice(0, MAX_CHAT_MESSAGE_CHARS) }))
    .slice(-MAX_CHAT_MESSAGES);
}

/** The action waiting for the customer's yes, if it is still waiting. */
export function waitingAction(action: PendingChatAction | null | undefined, now = Date.now()): PendingChatAction | null {
  if (!action || action.status !== 'pending') return null;
  return Date.parse(action.expiresAt) > now ? action : null;
}
