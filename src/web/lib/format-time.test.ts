import { describe, expect, it } from 'vitest';
import { dayLabel, formatDateTime, formatTime, formatWindow } from './format-time';

const chicago = 'America/Chicago';
const hour = (start: string) => ({ start, end: new Date(new Date(start).getTime() + 3_600_000).toISOString() });

describe('times of orders and deliveries', () => {
  // The device's own zone is UTC in these runs (vitest.config.ts).
  it("show a window in the source's time zone, the meridiem once when both ends share it, named when it is not the device's", () => {
    expect(formatWindow(hour('2026-11-22T19:00:00.000Z'), chicago)).toBe('1:00 – 2:00 PM CST');
    expect(formatWindow(hour('2026-11-22T17:00:00.000Z'), chicago)).toBe('11:00 AM – 12:00 PM CST');
    expect(formatWindow(hour('2026-11-22T19:00:00.000Z'), 'America/New_York')).toBe('2:00 – 3:00 PM EST');
    expect(formatWindow(hour('2026-11-22T19:00:00.000Z'), chicago, { zoneLabel: false })).toBe('1:00 – 2:00 PM');
  });

  it("name the day by the source's calendar, not the device's", () => {
    const now = new Date('2026-11-22T16:00:00Z');
    // Midnight UTC is still the evening before in Chicago.
    expect(dayLabel('2026-11-23T00:00:00.000Z', chicago, now)).toBe('Today');
    expect(dayLabel('2026-11-23T14:00:00.000Z', chicago, now)).toBe('Tomorrow');
    expect(dayLabel('2026-11-25T14:00:00.000Z', chicago, now)).toBe('Wednesday, Nov 25');
  });

  it('count days across a daylight-saving change by the calendar', () => {
    // Clocks go back on 1 November 2026 in Chicago: that day has 25 hours.
    const now = new Date('2026-10-31T17:00:00Z');
    expect(dayLabel('2026-11-01T23:30:00.000Z', chicago, now)).toBe('Tomorrow');
    // Clocks go forward on 8 March 2026: that day has 23 hours, so 24 hours after 11:30 PM the day before is already the 9th.
    const lateEvening = new Date('2026-03-08T05:30:00Z');
    expect(dayLabel('2026-03-08T17:00:00.000Z', chicago, lateEvening)).toBe('Tomorrow');
  });

  it("show a time in the zone asked for, named by its name at that instant, and the device's for a zone it does not know", () => {
    expect(formatTime('2026-11-23T00:40:00.000Z', chicago)).toBe('6:40 PM CST');
    expect(formatTime('2026-07-23T00:40:00.000Z', chicago)).toBe('7:40 PM CDT');
    expect(formatDateTime('2026-11-23T00:40:00.000Z', 'America/New_York')).toBe('Nov 22, 2026, 7:40 PM EST');
    expect(formatTime('2026-11-23T00:40:00.000Z', 'Not/AZone')).toBe(formatTime('2026-11-23T00:40:00.000Z'));
  });

  it("leave a time unnamed in the device's own zone, and where no zone is known", () => {
    expect(formatTime('2026-11-23T00:40:00.000Z', 'UTC')).toBe('12:40 AM');
    expect(formatDateTime('2026-11-23T00:40:00.000Z', 'UTC')).toBe('Nov 23, 2026, 12:40 AM');
    expect(formatDateTime('2026-11-23T00:40:00.000Z')).toBe('Nov 23, 2026, 12:40 AM');
  });
});
