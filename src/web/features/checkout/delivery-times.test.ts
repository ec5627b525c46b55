import { describe, expect, it } from 'vitest';
import { asapEstimate, windowsByDay } from './delivery-times';

const chicago = 'America/Chicago';
const hour = (start: string) => ({ start, end: new Date(new Date(start).getTime() + 3_600_000).toISOString(), available: true, remaining: 3 });

describe('delivery times', () => {
  it("group windows by the source's day, not the device's", () => {
    // 5 PM and 6 PM in Chicago are 11 PM and midnight in UTC: one day there.
    const now = new Date('2026-11-22T16:00:00Z');
    const groups = windowsByDay([hour('2026-11-22T23:00:00.000Z'), hour('2026-11-23T00:00:00.000Z'), hour('2026-11-23T14:00:00.000Z')], chicago, now);
    expect(groups.map((group) => [group.day, group.windows.length])).toEqual([
      ['Today', 2],
      ['Tomorrow', 1],
    ]);
  });

  it('say the ASAP estimate in minutes and by a clock time', () => {
    expect(asapEstimate(35, '2026-11-23T00:40:00.000Z', chicago)).toBe('in about 35 min, by 6:40 PM CST');
    expect(asapEstimate(120, '2026-11-23T00:40:00.000Z', chicago)).toBe('in about 2 h, by 6:40 PM CST');
    expect(asapEstimate(null, null, chicago)).toBeNull();
  });
});
