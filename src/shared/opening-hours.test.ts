import { describe, expect, it } from 'vitest';
import { describeNextOpening, formatClockTime, formatHoursRange } from './opening-hours';

describe('formatClockTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['09:05', '9:05 AM'],
    ['12:00', '12:00 PM'],
    ['17:30', '5:30 PM'],
    ['23:59', '11:59 PM'],
  ])('reads %s as %s', (time, expected) => {
    expect(formatClockTime(time)).toBe(expected);
  });

  it('writes a day of hours as a range', () => {
    expect(formatHoursRange({ opens: '11:00', closes: '21:00' })).toBe('11:00 AM – 9:00 PM');
  });
});

describe('describeNextOpening', () => {
  it('says later today, tomorrow, or the weekday', () => {
    expect(describeNextOpening({ inDays: 0, day: 3, time: '17:00' })).toBe('Opens at 5:00 PM');
    expect(describeNextOpening({ inDays: 1, day: 4, time: '11:00' })).toBe('Opens tomorrow at 11:00 AM');
    expect(describeNextOpening({ inDays: 3, day: 1, time: '11:30' })).toBe('Opens Monday at 11:30 AM');
  });
});
