import { describe, expect, it } from 'vitest';
import { discounted, divideRoundHalfUp, formatMoney, itemsRefund, parseMoney, percentOf, percentToBasisPoints, summarize } from './money';

describe('money', () => {
  it('rounds half up to the cent', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(divideRoundHalfUp(25, 10)).toBe(3); // not banker's rounding
  });

  it('takes percentages in basis points', () => {
    expect(percentOf(1000, 825)).toBe(83); // 82.5 → 83
    expect(percentOf(1000, 200)).toBe(20);
    expect(percentOf(199, 825)).toBe(16); // 16.4175 → 16
    expect(percentOf(200, 825)).toBe(17); // 16.5 → 17
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(8.25)).toBe(825);
  });

  it('discounts from the original price', () => {
    expect(discounted(999, 1000)).toBe(899); // 899.1
    expect(discounted(995, 1000)).toBe(896); // 895.5 → 896
    expect(discounted(1000, 0)).toBe(1000);
  });

  it('refuses fractions of a cent', () => {
    expect(() => percentOf(10.5, 100)).toThrow(RangeError);
    expect(() => formatMoney(0.1 + 0.2)).toThrow(RangeError);
  });

  it('formats with a dollar sign and two decimals', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-250)).toBe('-$2.50');
  });

  it('parses user-typed amounts', () => {
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('$3')).toBe(300);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });

  it('summarizes a cart: 2 % service fee and 8.25 % tax of the subtotal', () => {
    const summary = summarize([
      { unitPrice: 349, quantity: 2 },
      { unitPrice: 1299, quantity: 1 },
    ]);
    expect(summary).toEqual({
      subtotal: 1997,
      serviceFee: 40, // 39.94
      taxAmount: 165, // 164.75 → 165
      deliveryFee: 0,
      tip: 0,
      totalAmount: 2202,
    });
    expect(summarize([], { deliveryFee: 0 }).totalAmount).toBe(0);
    expect(summarize([{ unitPrice: 1000, quantity: 1 }], { deliveryFee: 299, tip: 200 }).totalAmount).toBe(1000 + 20 + 83 + 299 + 200);
  });

  describe('itemsRefund', () => {
    it('gives back the items with their share of the order tax', () => {
      const order = summarize([{ unitPrice: 499, quantity: 2 }, { unitPrice: 1250, quantity: 1 }]);
      // The order's tax is 1.85 on 22.48: 4.99 carries 41.06 cents of it, 12.50 carries 102.87; both rounded down.
      expect(itemsRefund(499, order)).toBe(499 + 41);
      expect(itemsRefund(1250, order)).toBe(1250 + 102);
    });

    it('never gives back more tax than the order charged, item by item', () => {
      const lines = [{ unitPrice: 333, quantity: 3 }, { unitPrice: 1, quantity: 7 }, { unitPrice: 2099, quantity: 1 }];
      const order = summarize(lines);
      const units = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.unitPrice));
      const refunded = units.reduce((total, price) => total + itemsRefund(price, order), 0);
      expect(refunded).toBeLessThanOrEqual(order.subtotal + order.taxAmount);
      expect(refunded).toBeGreaterThan(order.subtotal);
      expect(itemsRefund(order.subtotal, order)).toBe(order.subtotal + order.taxAmount);
    });

    it('follows the tax of an order whose amounts were lowered', () => {
      expect(itemsRefund(1000, { subtotal: 4000, taxAmount: 330 })).toBe(1082);
      expect(itemsRefund(1000, { subtotal: 0, taxAmount: 0 })).toBe(1000);
    });
  });
});
