import { beforeEach, describe, expect, it } from 'vitest';
import { clearRedirectAfterLogin, peekRedirectAfterLogin, storeRedirectAfterLogin } from './redirect-after-login';

describe('redirect after login', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns the stored path until it is cleared, then the home page', () => {
    storeRedirectAfterLogin('/orders?page=2');
    expect(peekRedirectAfterLogin()).toBe('/orders?page=2');
    clearRedirectAfterLogin();
    expect(peekRedirectAfterLogin()).toBe('/');
  });

  it('refuses anything that is not a same-site path', () => {
    for (const target of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      storeRedirectAfterLogin(target);
      expect(peekRedirectAfterLogin()).toBe('/');
    }
  });
});
