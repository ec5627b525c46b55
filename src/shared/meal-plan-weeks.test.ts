import { describe, expect, it } from 'vitest';
import { dueDelivery, firstDelivery, localDate, nextDelivery } from './meal-plan-weeks';

const chicago = 'America/Chicago';
// Wednesday 2026-11-18, 10:00 in Chicago; Monday is day 1, Thursday day 4.
const subscribedAt = new Date('2026-11-18T16:00:00Z');

describe('the meal plan calendar', () => {
  it('reads dates on the kitchen’s clock', () => {
    // 03:00 UTC on the 19th is still the evening of the 18th in Chicago.
    expect(localDate(new Date('2026-11-19T03:00:00Z'), chicago)).toBe('2026-11-18');
  });

  it('delivers first on the plan day whose order day begins after subscribing', () => {
    expect(nextDelivery({ now: subscribedAt, timeZone: chicago, deliveryDay: 1, subscribedAt })).toBe('2026-11-23');
    // Thursday is tomorrow: its order is due today, before the subscription, so the next Thursday.
    expect(nextDelivery({ now: subscribedAt, timeZone: chicago, deliveryDay: 4, subscribedAt })).toBe('2026-11-26');
    // Friday's order is made on Thursday, after subscribing.
    expect(nextDelivery({ now: subscribedAt, timeZone: chicago, deliveryDay: 5, subscribedAt })).toBe('2026-11-20');
  });

  it('names the first delivery of a subscription taken now, on the kitchen’s clock', () => {
    expect(firstDelivery({ subscribedAt, timeZone: chicago, deliveryDay: 4 })).toBe('2026-11-26');
    // 03:00 UTC on the 19th is Wednesday evening in Chicago: Friday's order day has not begun.
    expect(firstDelivery({ subscribedAt: new Date('2026-11-19T03:00:00Z'), timeZone: chicago, deliveryDay: 5 })).toBe('2026-11-20');
  });

  it('is due on the day before delivery and on the day itself, not earlier', () => {
    const options = { timeZone: chicago, deliveryDay: 1, subscribedAt };
    expect(dueDelivery({ ...options, now: new Date('2026-11-21T18:00:00Z') })).toBeNull();
    expect(dueDelivery({ ...options, now: new Date('2026-11-22T06:00:00Z') })).toBe('2026-11-23');
    expect(dueDelivery({ ...options, now: new Date('2026-11-23T20:00:00Z') })).toBe('2026-11-23');
    expect(dueDelivery({ ...options, now: new Date('2026-11-24T20:00:00Z') })).toBeNull();
    expect(dueDelivery({ ...options, now: new Date('2026-11-29T20:00:00Z') })).toBe('2026-11-30');
  });
});
