/**
 * Rules of the support chat that the server and the web app both apply (SPEC §4, §5).
 */

// Whole words only: "yesterday" or "unconfirmed" is no confirmation.
const confirmationWord = /\b(yes|proceed|confirm)\b/i;
// A reply that says yes and no at once ("no, don't proceed") is not taken as a yes.
const negation = /\b(no|not|don't|dont|do not|never|stop|wait)\b/i;

/** SPEC §4: a reply containing 'yes', 'proceed' or 'confirm' while an action is pending executes it. */
export function isConfirmation(reply: string): boolean {
  return confirmationWord.test(reply) && !negation.test(reply);
}

/** SPEC §5: an empty or whitespace-only message is not sent, nor anything while a reply streams. */
export function canSendChatMessage(draft: string, options: { replying: boolean }): boolean {
  return !options.replying && draft.trim().length > 0;
}

/** SPEC §5: Enter sends; Shift+Enter makes a new line (and so does Enter while composing with an IME). */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}
