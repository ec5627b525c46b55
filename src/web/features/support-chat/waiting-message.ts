// zod/mini keeps zod's classic API out of the first load (ADR 045), which takes this module for sign-out.
import * as z from 'zod/mini';

/**
 * A message of the customer's not sent yet: written while offline, or sent when the connection
 * dropped before its answer came. It keeps the client id it was first sent with, so sending it again
 * is safe: the server stores and runs a message once per client id.
 */
export interface WaitingMessage {
  content: string;
  clientId: string;
}

const key = 'supportChatWaiting';
const record = z.object({ userId: z.string(), content: z.string(), clientId: z.string() });

/**
 * Kept in sessionStorage for the signed-in customer: it outlives closing the panel and a reload of
 * the tab, is read by no one else signed in on the device, and is forgotten at sign-out.
 */
export function readWaitingMessage(userId: string): WaitingMessage | null {
  try {
    const parsed = record.safeParse(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? { content: parsed.data.content, clientId: parsed.data.clientId } : null;
  } catch {
    return null;
  }
}

export function keepWaitingMessage(userId: string, message: WaitingMessage | null): void {
  try {
    if (message) sessionStorage.setItem(key, JSON.stringify({ userId, ...message }));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode, quota): the message then waits only while the panel is open.
  }
}

export function forgetWaitingMessage(): void {
  sessionStorage.removeItem(key);
}
