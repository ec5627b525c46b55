import { describe, expect, it } from 'vitest';
import { itemsRefund, summarize } from './money';
import { mostReturnable, paidForLines, paidForUnits, refundOfLines, unitsLeftToReturn, type ReturnableLine } from './returned-units';

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

  describe('refundOfLines', () => {
    // Two lines of 4 × $1.99 and 1 × $12.50: $20.46 of items, $1.69 of tax.
    const order = summarize([
      { unitPrice: 199, quantity: 4 },
      { unitPrice: 1250, quantity: 1 },
    ]);

    it("adds what was paid for the chosen units of every line, then their share of the order's tax", () => {
      const picked = [
        { line: line(), units: 2 },
        { line: line({ quantity: 1, unitPrice: 1250 }), units: 1 },
      ];
      expect(paidForLines(picked)).toBe(398 + 1250);
      expect(refundOfLines(picked, order)).toBe(itemsRefund(398 + 1250, order));
      // The tax share is of the lines together, rounded down once: not two shares rounded down apiece.
      expect(refundOfLines(picked, order)).toBe(398 + 1250 + Math.floor((order.taxAmount * 1648) / order.subtotal));
    });

    it('prices a substitute at its own price', () => {
      const substituted = line({ fulfilment: { status: 'substituted', quantity: 2, substitute: { unitPrice: 49 } } });
      expect(refundOfLines([{ line: substituted, units: 3 }], order)).toBe(itemsRefund(49 + 49 + 199, order));
    });

    it('comes to nothing when nothing is chosen', () => {
      expect(refundOfLines([], order)).toBe(0);
      expect(refundOfLines([{ line: line(), units: 0 }], order)).toBe(0);
    });
  });

  describe('mostReturnable', () => {
    // One 49-cent item: a 1-cent service fee and 4 cents of tax, $0.54 paid.
    const order = summarize([{ unitPrice: 49, quantity: 1 }]);
    const one = line({ quantity: 1, unitPrice: 49 });

    it('is every unit left with its tax, as a request for all of them comes to: the fees stay', () => {
      expect(order.totalAmount).toBe(54);
      expect(mostReturnable([one], order, order.totalAmount)).toBe(53);
      expect(mostReturnable([one], order, order.totalAmount)).toBe(refundOfLines([{ line: one, units: 1 }], order));
    });

    it('leaves out units already refunded or asked back, and never passes what the payment has left', () => {
      const two = summarize([{ unitPrice: 199, quantity: 4 }]);
      expect(mostReturnable([line({ refundedQuantity: 3 })], two, two.totalAmount)).toBe(itemsRefund(199, two));
      expect(mostReturnable([line()], two, 300)).toBe(300);
      expect(mostReturnable([line({ refundedQuantity: 4 })], two, 300)).toBe(0);
    });
  });
});
