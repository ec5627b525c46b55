import { describe, expect, it } from 'vitest';
import { canSendChatMessage, isConfirmation, isSendKey } from './chat-rules';

describe('isConfirmation', () => {
  it.each(['yes', 'Yes please', 'ok, proceed', 'I confirm', 'YES!', 'confirm.'])('takes %j as a yes', (reply) => {
    expect(isConfirmation(reply)).toBe(true);
  });

  it.each(['no', 'what happened yesterday?', 'unconfirmed', 'no, do not proceed', "don't confirm", 'cancel FC-20261122-AAAA', ''])(
    'does not take %j as a yes',
    (reply) => {
      expect(isConfirmation(reply)).toBe(false);
    },
  );
});

describe('canSendChatMessage', () => {
  it('sends text, not blank drafts, and nothing while a reply streams', () => {
    expect(canSendChatMessage('where is my order', { replying: false })).toBe(true);
    expect(canSendChatMessage('', { replying: false })).toBe(false);
    expect(canSendChatMessage(' \n\t ', { replying: false })).toBe(false);
    expect(canSendChatMessage('hello', { replying: true })).toBe(false);
  });
});

describe('isSendKey', () => {
  it('sends on Enter, not on Shift+Enter, other keys or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
  });
});
