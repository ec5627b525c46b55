import { describe, expect, it } from 'vitest';
import { axisTicks } from './axis-ticks';

describe('axisTicks', () => {
  it('runs an all-zero axis from 0 to 4 units, never repeating a label', () => {
    expect(axisTicks([0, 0, 0])).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks([], { unit: 100 })).toEqual([0, 100, 200, 300, 400]);
  });

  it('steps by whole units (cents by whole dollars) of 1, 2 or 5 × 10ⁿ up to the largest value', () => {
    expect(axisTicks([0, 349], { unit: 100 })).toEqual([0, 100, 200, 300, 400]);
    expect(axisTicks([500], { unit: 100 })).toEqual([0, 200, 400, 600]);
    expect(axisTicks([123_400], { unit: 100 })).toEqual([0, 50_000, 100_000, 150_000]);
    expect(axisTicks([7])).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks([40])).toEqual([0, 10, 20, 30, 40]);
  });
});
