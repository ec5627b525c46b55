import { describe, expect, it } from 'vitest';
import { checkoutCopy } from '@/shared/copy';
import { AttemptKey } from './attempt-key';
import { tipAmount } from './tip';

describe('tipAmount', () => {
  it('takes a share of the subtotal rounded half-up to the cent', () => {
    expect(tipAmount('none', '', 2888)).toEqual({ cents: 0 });
    expect(tipAmount('10', '', 2888)).toEqual({ cents: 289 });
    expect(tipAmount('15', '', 2888)).toEqual({ cents: 433 });
    expect(tipAmount('20', '', 2888)).toEqual({ cents: 578 });
    expect(tipAmount('15', '', 10)).toEqual({ cents: 2 });
  });

  it('parses a custom amount in dollars and refuses what the server would', () => {
    expect(tipAmount('custom', '7.5', 2888)).toEqual({ cents: 750 });
    expect(tipAmount('custom', '$3', 2888)).toEqual({ cents: 300 });
    expect(tipAmount('custom', '', 2888)).toEqual({ cents: 0 });
    expect(tipAmount('custom', '1.234', 2888)).toEqual({ error: checkoutCopy.tipInvalid });
    expect(tipAmount('custom', '-2', 2888)).toEqual({ error: checkoutCopy.tipInvalid });
    expect(tipAmount('custom', '100.01', 2888)).toEqual({ error: 'Tip must be at most $100.00' });
  });
});

describe('AttemptKey', () => {
  it('keeps the key while the inputs stay the same and renews it when they change', () => {
    let count = 0;
    const keys = new AttemptKey(() => `key-${++count}`);
    expect(keys.for('a')).toBe('key-1');
    expect(keys.for('a')).toBe('key-1');
    expect(keys.for('b')).toBe('key-2');
    expect(keys.for('a')).toBe('key-3');
  });
});
