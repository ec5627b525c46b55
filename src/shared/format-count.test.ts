import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('formatCount', () => {
  it('writes numbers as en-US does', async () => {
    const { formatCount } = await import('./format-count');
    const reference = new Intl.NumberFormat('en-US');
    for (const value of [0, -0, 7, 12, 999, 1000, -1000, 1234, 12345, 123456, 1234567, -987654321, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5, 1234.5678, -0.25, Number.NaN, Infinity]) {
      expect(formatCount(value), String(value)).toBe(reference.format(value));
    }
  });

  it('builds no ICU formatter when its module loads or for whole numbers', async () => {
    const construct = vi.spyOn(Intl, 'NumberFormat');
    const { formatCount } = await import('./format-count');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(construct).not.toHaveBeenCalled();
  });
});
