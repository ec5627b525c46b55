import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOnSignOut, forgetSignedOutTraces } from './sign-out-cleanup';

describe('sign-out cleanup registry', () => {
  const unregister: (() => void)[] = [];
  afterEach(() => unregister.splice(0).forEach((off) => off()));

  it('runs every registered cleanup, and no longer one that was unregistered', () => {
    const first = vi.fn();
    const second = vi.fn();
    unregister.push(forgetOnSignOut(first));
    const offSecond = forgetOnSignOut(second);
    forgetSignedOutTraces();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);

    offSecond();
    forgetSignedOutTraces();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('runs the remaining cleanups when one throws', () => {
    const after = vi.fn();
    unregister.push(forgetOnSignOut(() => {
      throw new Error('storage blocked');
    }));
    unregister.push(forgetOnSignOut(after));
    expect(() => forgetSignedOutTraces()).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
  });
});
