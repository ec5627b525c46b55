import { describe, expect, it } from 'vitest';
import { trackingLookupInput } from '@/shared/contracts/orders';
import { newDeliveryCode, newOrderNumber } from './order-number';

describe('order numbers and delivery codes', () => {
  it('names the date where the order is delivered and four unambiguous characters, in the shape tracking accepts', () => {
    // 23:30 in Chicago on the 22nd is already the 23rd in UTC (and 21:30 on the 22nd in Seattle).
    const number = newOrderNumber('America/Chicago', new Date('2026-11-23T05:30:00Z'));
    expect(number).toMatch(/^FC-20261122-[2-9A-HJ-NP-Z]{4}$/);
    expect(newOrderNumber('America/Los_Angeles', new Date('2026-11-23T05:30:00Z'))).toMatch(/^FC-20261122-/);
    expect(newOrderNumber('America/Chicago', new Date('2026-11-23T06:30:00Z'))).toMatch(/^FC-20261123-/);
    expect(newOrderNumber('UTC', new Date('2026-11-23T05:30:00Z'))).toMatch(/^FC-20261123-/);
    expect(trackingLookupInput.parse({ orderNumber: number.toLowerCase(), email: 'a@example.test' }).orderNumber).toBe(number);
  });

  it('spreads over the alphabet and never uses 0, O, 1 or I', () => {
    const suffixes = Array.from({ length: 2000 }, () => newOrderNumber('America/Chicago').slice(-4)).join('');
    expect(suffixes).not.toMatch(/[01OI]/);
    expect(new Set(suffixes).size).toBe(32);
  });

  it('delivery codes are four digits, zero-padded', () => {
    const codes = Array.from({ length: 3000 }, () => newDeliveryCode());
    expect(codes.every((code) => /^\d{4}$/.test(code))).toBe(true);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});
