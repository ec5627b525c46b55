import { beforeEach, describe, expect, it } from 'vitest';
import { storeRedirectAfterLogin, takeRedirectAfterLogin } from './redirect-after-login';

describe('redirect after login', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns the stored path once, then the home page', () => {
    storeRedirectAfterLogin('/orders?page=2');
    expect(takeRedirectAfterLogin()).toBe('/orders?page=2');
    expect(takeRedirectAfterLogin()).toBe('/');
  });

  it('refuses anything that is not a same-site path', () => {
    for (const target of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      storeRedirectAfterLogin(target);
      expect(takeRedirectAfterLogin()).toBe('/');
    }
  });
});
