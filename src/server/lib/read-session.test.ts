import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignedToken } from './read-session';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const sign = (token: string, encoding: 'base64' | 'base64url' = 'base64') =>
  `${token}.${createHmac('sha256', secret).update(token).digest(encoding)}`;

describe('signed session tokens', () => {
  it("accepts better-auth's signed cookie value, encoded or not, and the bearer form", () => {
    expect(verifySignedToken(sign('abc123'), secret)).toBe('abc123');
    expect(verifySignedToken(encodeURIComponent(sign('abc123')), secret)).toBe('abc123');
    expect(verifySignedToken(sign('abc123', 'base64url'), secret)).toBe('abc123');
  });

  it('refuses a forged, truncated or foreign signature', () => {
    const signed = sign('abc123');
    expect(verifySignedToken(signed.replace('abc123', 'abc124'), secret)).toBeNull();
    expect(verifySignedToken(signed.slice(0, -4), secret)).toBeNull();
    expect(verifySignedToken('abc123', secret)).toBeNull();
    expect(verifySignedToken(sign('abc123'), 'another-secret-0123456789-0123456789')).toBeNull();
    expect(verifySignedToken('%E0%A4%A', secret)).toBeNull();
  });
});
