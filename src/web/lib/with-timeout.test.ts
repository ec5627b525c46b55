import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './with-timeout';

const georgetown = { latitude: 30.63284, longitude: -97.67149 };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('gives up with null after the time-out, and passes an earlier answer or failure through', async () => {
    const never = withTimeout(new Promise(() => {}), 3000);
    const late = vi.fn();
    void never.then(late);
    await vi.advanceTimersByTimeAsync(2999);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(late).toHaveBeenCalledWith(null);

    await expect(withTimeout(Promise.resolve(georgetown), 3000)).resolves.toBe(georgetown);
    await expect(withTimeout(Promise.reject(new Error('Location denied')), 3000)).rejects.toThrow('Location denied');
  });
});
