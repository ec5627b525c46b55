import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/shared/contracts/support-chat';
import { localMessage, mergeMessage, reconcile, toTurns, waitingAction } from './chat-messages';

const stored = (id: number, role: ChatMessage['role'], content: string, shown?: ChatMessage): ChatMessage => ({
  id: `00000041-0000-4000-8000-${String(id).padStart(12, '0')}`,
  role,
  content,
  createdAt: '2026-11-22T15:00:00.000Z',
  ...(shown?.clientId ? { clientId: shown.clientId } : {}),
});

/** The customer's message as this device showed it, and the reply streamed to it. */
function exchange(question: string, answer: string) {
  const asked = localMessage('user', question);
  return [asked, localMessage('assistant', answer, { answering: asked })] as const;
}

describe('reconcile', () => {
  it("takes the server's copies of what this device showed first", () => {
    const [asked, answered] = exchange('where is it', 'On its way.');
    const before = [stored(1, 'user', 'hi'), stored(2, 'assistant', 'hello'), asked, answered];
    const server = [stored(1, 'user', 'hi'), stored(2, 'assistant', 'hello'), stored(3, 'user', 'where is it', asked), stored(4, 'assistant', 'On its way.', answered)];
    expect(reconcile(before, server)).toEqual(server);
  });

  it('tells two messages with the same words apart: an unsent "yes" stays, the stored one replaces its own', () => {
    const unsent = localMessage('user', 'yes');
    const [again, answer] = exchange('yes', 'There is no action waiting for your confirmation.');
    const before = [stored(1, 'assistant', 'Reply yes to confirm.'), unsent, stored(2, 'assistant', 'Cancelled.'), again, answer];
    const server = [stored(1, 'assistant', 'Reply yes to confirm.'), stored(2, 'assistant', 'Cancelled.'), stored(3, 'user', 'yes', again), stored(4, 'assistant', answer.content, answer)];
    expect(reconcile(before, server)).toEqual([stored(1, 'assistant', 'Reply yes to confirm.'), unsent, ...server.slice(1)]);
  });

  it('does not take a message from another device for one shown here with the same words', () => {
    const mine = localMessage('user', 'yes');
    const elsewhere = stored(1, 'user', 'yes', localMessage('user', 'yes'));
    expect(reconcile([mine], [elsewhere])).toEqual([mine, elsewhere]);
  });

  it('keeps an unsent message and the apology after it in place, before what came later', () => {
    const failed = localMessage('user', 'hello');
    const apology = localMessage('assistant', 'Sorry', { apology: true });
    const again = localMessage('user', 'again');
    const before = [stored(1, 'user', 'hi'), failed, apology, again];
    const server = [stored(1, 'user', 'hi'), stored(5, 'user', 'again', again), stored(6, 'assistant', 'Hi!', again)];
    expect(reconcile(before, server)).toEqual([stored(1, 'user', 'hi'), failed, apology, stored(5, 'user', 'again', again), stored(6, 'assistant', 'Hi!', again)]);
  });

  it('matches one stored message to one shown message only', () => {
    const second = localMessage('user', 'yes');
    const before = [stored(1, 'user', 'yes'), second];
    const server = [stored(1, 'user', 'yes'), stored(2, 'user', 'yes', second)];
    expect(reconcile(before, server)).toEqual(server);
  });

  it('answers the server list as it is when nothing is kept only here', () => {
    const server = [stored(1, 'agent', 'Sam here')];
    expect(reconcile([], server)).toEqual(server);
  });
});

describe('mergeMessage', () => {
  it('replaces a message by id, a shown copy by its client id, and adds anything else at the end', () => {
    const mine = localMessage('user', 'where is it');
    const list = [stored(1, 'assistant', 'Hi'), mine];
    expect(mergeMessage(list, stored(1, 'assistant', 'Hi!'))).toEqual([stored(1, 'assistant', 'Hi!'), mine]);
    expect(mergeMessage(list, stored(2, 'user', 'where is it', mine))).toEqual([stored(1, 'assistant', 'Hi'), stored(2, 'user', 'where is it', mine)]);
    expect(mergeMessage(list, stored(3, 'agent', 'where is it'))).toEqual([...list, stored(3, 'agent', 'where is it')]);
  });

  it('puts a stored "yes" in the place of its own shown copy, not of an earlier unsent "yes"', () => {
    const unsent = localMessage('user', 'yes');
    const again = localMessage('user', 'yes');
    const list = [unsent, stored(1, 'assistant', 'Cancelled.'), again];
    expect(mergeMessage(list, stored(2, 'user', 'yes', again))).toEqual([unsent, stored(1, 'assistant', 'Cancelled.'), stored(2, 'user', 'yes', again)]);
  });
});

describe('toTurns', () => {
  it('speaks as user and assistant, leaves out the apology, and sends the latest 50 turns within the size limit', () => {
    const turns = toTurns([stored(1, 'agent', 'Sam here'), localMessage('assistant', 'Sorry', { apology: true }), stored(2, 'user', `  ${'a'.repeat(2100)}  `)]);
    expect(turns).toEqual([
      { role: 'assistant', content: 'Sam here' },
      { role: 'user', content: 'a'.repeat(2000) },
    ]);
    const many = Array.from({ length: 60 }, (_, index) => stored(index + 1, 'user', `m${index + 1}`));
    expect(toTurns(many)).toHaveLength(50);
    expect(toTurns(many)[0]).toEqual({ role: 'user', content: 'm11' });
  });
});

describe('waitingAction', () => {
  const action = { id: 'a', orderId: 'o', orderNumber: 'FC-1', action: 'cancel_order' as const, amount: 0, status: 'pending' as const, expiresAt: '2026-11-22T15:10:00.000Z', createdAt: '2026-11-22T15:00:00.000Z' };
  it('is the action while it waits, and nothing once expired or settled', () => {
    expect(waitingAction(action, Date.parse('2026-11-22T15:05:00.000Z'))).toBe(action);
    expect(waitingAction(action, Date.parse('2026-11-22T15:10:00.000Z'))).toBeNull();
    expect(waitingAction({ ...action, status: 'dropped' }, Date.parse('2026-11-22T15:05:00.000Z'))).toBeNull();
    expect(waitingAction(null)).toBeNull();
  });
});
