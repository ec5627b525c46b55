import { describe, expect, it } from 'vitest';
import { paidForUnits, unitsLeftToReturn, type ReturnableLine } from './returned-units';

const line = (overrides: Partial<ReturnableLine> = {}): ReturnableLine => ({
  quantity: 4,
  unitPrice: 199,
  refundedQuantity: 0,
  fulfilment: { status: 'as_ordered', quantity: 0, substitute: null },
  ...overrides,
});

describe('returned units', () => {
  it('prices a line delivered as ordered at its unit price, less what came back already', () => {
    expect(unitsLeftToReturn(line())).toBe(4);
    expect(paidForUnits(line(), 3)).toBe(597);
    expect(unitsLeftToReturn(line({ refundedQuantity: 3 }))).toBe(1);
  });

  it('never takes back units the picker refunded instead of delivering', () => {
    const refunded = line({ fulfilment: { status: 'refunded', quantity: 3, substitute: null } });
    expect(unitsLeftToReturn(refunded)).toBe(1);
    expect(unitsLeftToReturn({ ...refunded, refundedQuantity: 1 })).toBe(0);
    expect(paidForUnits(refunded, 1)).toBe(199);
  });

  it("takes a substitute's units back first, at what was paid for them", () => {
    const substituted = line({ fulfilment: { status: 'substituted', quantity: 2, substitute: { unitPrice: 49 } } });
    expect(unitsLeftToReturn(substituted)).toBe(4);
    expect(paidForUnits(substituted, 1)).toBe(49);
    expect(paidForUnits(substituted, 3)).toBe(49 + 49 + 199);
    // One substitute came back already: one is left at its price, then the line's own.
    expect(paidForUnits({ ...substituted, refundedQuantity: 1 }, 2)).toBe(49 + 199);
    expect(paidForUnits({ ...substituted, refundedQuantity: 2 }, 2)).toBe(398);
  });
});
