import { describe, expect, it } from 'vitest';
import { asapEstimate, dayLabel, formatWindow, windowsByDay } from './delivery-times';

const chicago = 'America/Chicago';
const hour = (start: string) => ({ start, end: new Date(new Date(start).getTime() + 3_600_000).toISOString(), available: true, remaining: 3 });

describe('delivery times', () => {
  it("show a window in the source's time zone, the meridiem once when both ends share it", () => {
    expect(formatWindow(hour('2026-11-22T19:00:00.000Z'), chicago)).toBe('1:00 – 2:00 PM');
    expect(formatWindow(hour('2026-11-22T17:00:00.000Z'), chicago)).toBe('11:00 AM – 12:00 PM');
    expect(formatWindow(hour('2026-11-22T19:00:00.000Z'), 'America/New_York')).toBe('2:00 – 3:00 PM');
  });

  it("group windows by the source's day, not the device's", () => {
    // 5 PM and 6 PM in Chicago are 11 PM and midnight in UTC: one day there.
    const now = new Date('2026-11-22T16:00:00Z');
    const groups = windowsByDay([hour('2026-11-22T23:00:00.000Z'), hour('2026-11-23T00:00:00.000Z'), hour('2026-11-23T14:00:00.000Z')], chicago, now);
    expect(groups.map((group) => [group.day, group.windows.length])).toEqual([
      ['Today', 2],
      ['Tomorrow', 1],
    ]);
    expect(dayLabel('2026-11-25T14:00:00.000Z', chicago, now)).toBe('Wednesday, Nov 25');
  });

  it('count days across a daylight-saving change by the calendar', () => {
    // Clocks go back on 1 November 2026 in Chicago: that day has 25 hours.
    const now = new Date('2026-10-31T17:00:00Z');
    expect(dayLabel('2026-11-01T23:30:00.000Z', chicago, now)).toBe('Tomorrow');
  });

  it('say the ASAP estimate in minutes and by a clock time', () => {
    expect(asapEstimate(35, '2026-11-23T00:40:00.000Z', chicago)).toBe('in about 35 min, by 6:40 PM');
    expect(asapEstimate(120, '2026-11-23T00:40:00.000Z', chicago)).toBe('in about 2 h, by 6:40 PM');
    expect(asapEstimate(null, null, chicago)).toBeNull();
  });
});
