import { describe, expect, it } from 'vitest';
import { isOpenAt, localTime, nextOpening } from './opening-hours';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '11:00', closes: '21:00' }));

describe('kitchen opening hours', () => {
  it('reads the local weekday and time in the kitchen time zone', () => {
    // 2026-11-23 is a Monday; 17:30 UTC is 11:30 in Chicago (CST, UTC-6).
    expect(localTime(new Date('2026-11-23T17:30:00Z'), 'America/Chicago')).toEqual({ day: 1, time: '11:30' });
  });

  it('is open inside the hours and closed outside them', () => {
    const at = (iso: string) => isOpenAt({ hours: weekdays, timeZone: 'America/Chicago', isOpen: true, now: new Date(iso) });
    expect(at('2026-11-23T17:30:00Z')).toBe(true); // Mon 11:30
    expect(at('2026-11-23T16:59:00Z')).toBe(false); // Mon 10:59
    expect(at('2026-11-24T03:00:00Z')).toBe(false); // Mon 21:00, closing time
    expect(at('2026-11-22T18:00:00Z')).toBe(false); // Sunday: no hours
  });

  it('is closed whenever its switch is off', () => {
    expect(isOpenAt({ hours: weekdays, timeZone: 'America/Chicago', isOpen: false, now: new Date('2026-11-23T17:30:00Z') })).toBe(false);
  });

  it('runs hours past midnight into the next day', () => {
    const late = [{ day: 5, opens: '18:00', closes: '02:00' }];
    // Saturday 01:30 in New York (EST, UTC-5) is still Friday's shift.
    expect(isOpenAt({ hours: late, timeZone: 'America/New_York', isOpen: true, now: new Date('2026-11-28T06:30:00Z') })).toBe(true);
    expect(isOpenAt({ hours: late, timeZone: 'America/New_York', isOpen: true, now: new Date('2026-11-28T07:30:00Z') })).toBe(false);
  });

  it('says when a closed kitchen next opens: later today, tomorrow, or after a closed weekend', () => {
    const next = (iso: string, isOpen = true) => nextOpening({ hours: weekdays, timeZone: 'America/Chicago', isOpen, now: new Date(iso) });
    expect(next('2026-11-23T16:00:00Z')).toEqual({ inDays: 0, day: 1, time: '11:00' }); // Mon 10:00
    expect(next('2026-11-24T04:00:00Z')).toEqual({ inDays: 1, day: 2, time: '11:00' }); // Mon 22:00
    expect(next('2026-11-28T18:00:00Z')).toEqual({ inDays: 2, day: 1, time: '11:00' }); // Sat 12:00
    expect(next('2026-11-23T16:00:00Z', false)).toBeNull(); // switched off: no promise
    expect(nextOpening({ hours: [], timeZone: 'America/Chicago', isOpen: true, now: new Date('2026-11-23T16:00:00Z') })).toBeNull();
  });
});
