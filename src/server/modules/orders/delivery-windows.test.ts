import type * as tz from '@date-fns/tz';
import { tzOffset } from '@date-fns/tz';
import { describe, expect, it, vi } from 'vitest';
import { travelMinutes } from '@/shared/delivery';
import { bookingRange, chooseDelivery, hourStart, planDelivery, type DeliveryPlanInput } from './delivery-windows';

vi.mock('@date-fns/tz', async (original) => {
  const actual = await original<typeof tz>();
  return { ...actual, tzOffset: vi.fn(actual.tzOffset) };
});

const chicago = 'America/Chicago';
const newYork = 'America/New_York';

function plan(overrides: Partial<DeliveryPlanInput> = {}) {
  return planDelivery({
    // Monday 23 November 2026, 14:00 in Chicago (CST, UTC−6).
    now: new Date('2026-11-23T20:00:00Z'),
    timeZone: chicago,
    hours: { kind: 'warehouse' },
    capacity: 20,
    preparationMinutes: 20,
    distanceMiles: 10,
    booked: new Map(),
    ...overrides,
  });
}

const iso = (date: Date) => date.toISOString();

describe('travel time', () => {
  it('covers the distance at the average speed, never under 10 minutes, with a fixed guess for an unplaced address', () => {
    expect(travelMinutes(10)).toBe(30);
    expect(travelMinutes(40)).toBe(120);
    expect(travelMinutes(0.5)).toBe(10);
    expect(travelMinutes(3.4)).toBe(11);
    expect(travelMinutes(null)).toBe(30);
  });
});

describe('warehouse delivery windows', () => {
  it('offers the hours of 08:00–22:00 local, today from the current hour and all of tomorrow', () => {
    const { windows, leadMinutes } = plan();
    expect(leadMinutes).toBe(50);
    expect(windows.map((window) => iso(window.start))).toEqual([
      // Today 14:00–21:00 CST.
      ...[20, 21, 22, 23].map((hour) => `2026-11-23T${hour}:00:00.000Z`),
      ...['00', '01', '02', '03'].map((hour) => `2026-11-24T${hour}:00:00.000Z`),
      // Tomorrow 08:00–21:00 CST.
      ...['14', '15', '16', '17', '18', '19', '20', '21', '22', '23'].map((hour) => `2026-11-24T${hour}:00:00.000Z`),
      ...['00', '01', '02', '03'].map((hour) => `2026-11-25T${hour}:00:00.000Z`),
    ]);
    expect(windows.every((window) => window.end.getTime() - window.start.getTime() === 3_600_000)).toBe(true);
  });

  it('marks windows that start before the order could arrive as too soon', () => {
    // Lead 50 minutes: 14:50 at the earliest, so 14:00 is too soon and 15:00 is not.
    const { windows } = plan();
    expect(windows[0]).toMatchObject({ tooSoon: true, available: false });
    expect(windows[1]).toMatchObject({ tooSoon: false, available: true, remaining: 20 });
    // 40 miles: 20 + 120 minutes, so 16:20 at the earliest.
    const far = plan({ distanceMiles: 40 }).windows;
    expect(far.filter((window) => window.tooSoon).map((window) => iso(window.start))).toEqual([
      '2026-11-23T20:00:00.000Z',
      '2026-11-23T21:00:00.000Z',
      '2026-11-23T22:00:00.000Z',
    ]);
  });

  it('counts places left per hour and refuses a full window', () => {
    const booked = new Map([
      [Date.parse('2026-11-23T21:00:00Z'), 20],
      [Date.parse('2026-11-23T22:00:00Z'), 19],
    ]);
    const result = plan({ booked });
    expect(result.windows[1]).toMatchObject({ remaining: 0, available: false, tooSoon: false });
    expect(result.windows[2]).toMatchObject({ remaining: 1, available: true });
    expect(chooseDelivery(result, { kind: 'window', start: '2026-11-23T21:00:00Z' }, 'warehouse')).toEqual({ ok: false, refusal: 'WINDOW_FULL' });
    expect(chooseDelivery(result, { kind: 'window', start: '2026-11-23T16:00:00-06:00' }, 'warehouse')).toEqual({
      ok: true,
      slotStart: new Date('2026-11-23T22:00:00Z'),
      windowStart: new Date('2026-11-23T22:00:00Z'),
      windowEnd: new Date('2026-11-23T23:00:00Z'),
      estimatedAt: new Date('2026-11-23T23:00:00Z'),
    });
  });

  it('refuses a past, too-soon, off-hours or made-up window as unavailable', () => {
    const result = plan();
    for (const start of ['2026-11-23T19:00:00Z', '2026-11-23T20:00:00Z', '2026-11-24T05:00:00Z', '2026-11-23T21:30:00Z', '2026-11-26T15:00:00Z']) {
      expect(chooseDelivery(result, { kind: 'window', start }, 'warehouse')).toEqual({ ok: false, refusal: 'WINDOW_UNAVAILABLE' });
    }
  });

  it('delivers as soon as possible during its hours, holding a place in the hour of the estimate', () => {
    const result = plan({ now: new Date('2026-11-23T20:35:10Z') });
    // 14:35:10 + 50 minutes, rounded up to the minute: 15:26 local, in the 15:00 hour.
    expect(result.asap).toMatchObject({ open: true, available: true, estimatedAt: new Date('2026-11-23T21:26:00Z'), slotStart: new Date('2026-11-23T21:00:00Z') });
    expect(chooseDelivery(result, { kind: 'asap' }, 'warehouse')).toMatchObject({ ok: true, slotStart: new Date('2026-11-23T21:00:00Z'), windowStart: null });
    const full = plan({ now: new Date('2026-11-23T20:35:10Z'), booked: new Map([[Date.parse('2026-11-23T21:00:00Z'), 20]]) });
    expect(full.asap).toMatchObject({ open: true, available: false, remaining: 0 });
    expect(chooseDelivery(full, { kind: 'asap' }, 'warehouse')).toEqual({ ok: false, refusal: 'WINDOW_FULL' });
  });

  it('takes no ASAP order outside its hours, and offers only the next day then', () => {
    // 23:30 CST.
    const late = plan({ now: new Date('2026-11-24T05:30:00Z') });
    expect(late.asap.open).toBe(false);
    expect(chooseDelivery(late, { kind: 'asap' }, 'warehouse')).toEqual({ ok: false, refusal: 'WINDOW_UNAVAILABLE' });
    expect(iso(late.windows[0]!.start)).toBe('2026-11-24T14:00:00.000Z');
    expect(late.windows).toHaveLength(14);
  });

  it('a warehouse with no capacity has no place anywhere', () => {
    const none = plan({ capacity: 0 });
    expect(none.windows.some((window) => window.available)).toBe(false);
    expect(none.asap.available).toBe(false);
  });

  it('follows the clock across the start of daylight saving time', () => {
    // Saturday 7 March 2026, noon in New York (EST, UTC−5); clocks go forward at 2:00 on Sunday.
    const result = plan({ now: new Date('2026-03-07T17:00:00Z'), timeZone: newYork });
    const starts = result.windows.map((window) => iso(window.start));
    // Today 21:00 EST is 02:00Z; tomorrow 08:00 EDT is 12:00Z, an hour earlier in UTC than today's.
    expect(starts).toContain('2026-03-08T02:00:00.000Z');
    expect(starts).toContain('2026-03-08T12:00:00.000Z');
    // 07:00 EDT, an hour before opening.
    expect(starts).not.toContain('2026-03-08T11:00:00.000Z');
    expect(starts.filter((start) => start.startsWith('2026-03-08T1') || start.startsWith('2026-03-08T2') || start.startsWith('2026-03-09T0'))).toHaveLength(14);
    expect(starts.at(-1)).toBe('2026-03-09T01:00:00.000Z');
  });

  it('a kitchen open all day has 23 windows on the day the clocks go forward and 25 on the day they go back', () => {
    const allDay = Array.from({ length: 7 }, (_, day) => ({ day, opens: '00:00', closes: '00:00' }));
    const hours = { kind: 'kitchen' as const, openingHours: allDay, isOpen: true };
    const spring = plan({ now: new Date('2026-03-08T05:00:00Z'), timeZone: newYork, hours, preparationMinutes: 30 });
    const springDay = spring.windows.filter((window) => window.start < new Date('2026-03-09T04:00:00Z'));
    expect(springDay).toHaveLength(23);
    const autumn = plan({ now: new Date('2026-11-01T04:00:00Z'), timeZone: newYork, hours, preparationMinutes: 30 });
    const autumnDay = autumn.windows.filter((window) => window.start < new Date('2026-11-02T05:00:00Z'));
    expect(autumnDay).toHaveLength(25);
    // Both 1 a.m. hours: EDT (05:00Z) and EST (06:00Z).
    expect(autumnDay.map((window) => iso(window.start))).toEqual(expect.arrayContaining(['2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z']));
  });
});

describe('kitchen delivery windows', () => {
  // Friday 18:00 to Saturday 02:00, and Saturday 11:30 to 14:00.
  const openingHours = [
    { day: 5, opens: '18:00', closes: '02:00' },
    { day: 6, opens: '11:30', closes: '14:00' },
  ];
  const kitchen = (isOpen = true) => ({ kind: 'kitchen' as const, openingHours, isOpen });

  it('offers whole hours within the opening hours, overnight hours running into the next day', () => {
    // Friday 20 November 2026, noon in Chicago: closed until 18:00.
    const result = plan({ now: new Date('2026-11-20T18:00:00Z'), hours: kitchen(), preparationMinutes: 25 });
    const local = result.windows.map((window) => window.start.toLocaleString('en-US', { timeZone: chicago, weekday: 'short', hour: '2-digit', hourCycle: 'h23' }));
    expect(local).toEqual(['Fri, 18', 'Fri, 19', 'Fri, 20', 'Fri, 21', 'Fri, 22', 'Fri, 23', 'Sat, 00', 'Sat, 01', 'Sat, 12', 'Sat, 13']);
    expect(result.windows.every((window) => window.available)).toBe(true);
  });

  it('a closed kitchen takes no ASAP order but takes pre-orders for its opening hours', () => {
    const closed = plan({ now: new Date('2026-11-20T18:00:00Z'), hours: kitchen(), preparationMinutes: 25 });
    expect(closed.asap.open).toBe(false);
    expect(chooseDelivery(closed, { kind: 'asap' }, 'kitchen')).toEqual({ ok: false, refusal: 'KITCHEN_CLOSED' });
    expect(chooseDelivery(closed, { kind: 'window', start: '2026-11-21T01:00:00Z' }, 'kitchen')).toMatchObject({ ok: true });
  });

  it('is open after midnight on an overnight evening, and its switch closes it for ASAP only', () => {
    // Saturday 00:30 in Chicago: still Friday's hours.
    const now = new Date('2026-11-21T06:30:00Z');
    expect(plan({ now, hours: kitchen(), preparationMinutes: 25 }).asap.open).toBe(true);
    const switchedOff = plan({ now, hours: kitchen(false), preparationMinutes: 25 });
    expect(switchedOff.asap.open).toBe(false);
    // 01:00 starts before 00:30 + 55 minutes; Saturday 12:00 and 13:00 are left.
    expect(switchedOff.windows.filter((window) => window.available).map((window) => iso(window.start))).toEqual([
      '2026-11-21T18:00:00.000Z',
      '2026-11-21T19:00:00.000Z',
    ]);
  });
});

describe('hours and ranges', () => {
  it('finds the local hour of an instant, half-hour zones too', () => {
    expect(iso(hourStart(new Date('2026-11-23T20:59:59.999Z'), chicago))).toBe('2026-11-23T20:00:00.000Z');
    // 10:45 in Kolkata (UTC+05:30) is in the 10:00 hour, which starts at 04:30Z.
    expect(iso(hourStart(new Date('2026-11-23T05:15:00Z'), 'Asia/Kolkata'))).toBe('2026-11-23T04:30:00.000Z');
  });

  it('reads booked places from local midnight today for three days', () => {
    const range = bookingRange(new Date('2026-11-23T20:00:00Z'), chicago);
    expect(iso(range.from)).toBe('2026-11-23T06:00:00.000Z');
    expect(iso(range.to)).toBe('2026-11-26T06:00:00.000Z');
  });

  it('works out a zone offset once for every plan of the day: a second plan asks the time zone database nothing new', () => {
    // A zone no other test plans in, so nothing is remembered yet.
    const zone = 'America/Denver';
    const first = plan({ timeZone: zone });
    const asked = vi.mocked(tzOffset).mock.calls.length;
    expect(asked).toBeGreaterThan(24);
    // The same day a little later: the same hours, only its own instants are new.
    const second = plan({ timeZone: zone, now: new Date('2026-11-23T20:05:00Z') });
    expect(vi.mocked(tzOffset).mock.calls.length - asked).toBeLessThanOrEqual(2);
    expect(second.windows).toEqual(first.windows);
  });

  it('answers the same after forgetting what it remembered, many instants later', () => {
    const zone = 'Europe/Berlin';
    const before = plan({ timeZone: zone });
    // Each plan remembers a few instants of its own; thousands of them fill what is kept, which is then forgotten.
    for (let minute = 1; minute <= 5000; minute += 1) hourStart(new Date(Date.parse('2026-11-23T20:00:00Z') + minute * 60_000 + 1), zone);
    expect(plan({ timeZone: zone })).toEqual(before);
    expect(iso(hourStart(new Date('2026-03-29T01:30:00Z'), zone))).toBe('2026-03-29T01:00:00.000Z');
  });
});
