import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('uses the socket address when no proxy is trusted, whatever the headers claim', () => {
    expect(resolveClientAddress({ forwardedFor: '1.2.3.4', socketAddress: '10.0.0.5', trustProxy: false })).toBe('10.0.0.5');
  });

  it('behind a trusted proxy, takes the entry the proxy appended, not the one the client sent', () => {
    expect(
      resolveClientAddress({ forwardedFor: '1.2.3.4, 203.0.113.7', socketAddress: '10.0.0.1', trustProxy: true }),
    ).toBe('203.0.113.7');
    expect(resolveClientAddress({ forwardedFor: ' 203.0.113.7 ', socketAddress: '10.0.0.1', trustProxy: true })).toBe('203.0.113.7');
  });

  it('falls back to the socket address when a trusted proxy sent no usable header', () => {
    expect(resolveClientAddress({ forwardedFor: undefined, socketAddress: '10.0.0.1', trustProxy: true })).toBe('10.0.0.1');
    expect(resolveClientAddress({ forwardedFor: ' , ', socketAddress: '10.0.0.1', trustProxy: true })).toBe('10.0.0.1');
  });

  it('reports no address when there is neither socket nor trusted header', () => {
    expect(resolveClientAddress({ forwardedFor: '1.2.3.4', socketAddress: undefined, trustProxy: false })).toBeUndefined();
  });
});
