import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function parseError(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    return error;
  }
  throw new Error('expected parseEnv to throw');
}

describe('parseEnv', () => {
  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/freshcart' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['AUTH_RATE_LIMIT_MAX', { AUTH_RATE_LIMIT_MAX: '0' }],
    ['TRUSTED_ORIGINS', { TRUSTED_ORIGINS: 'admin.example.test' }],
    ['TRUSTED_ORIGINS', { TRUSTED_ORIGINS: 'https://ok.example.test,capacitor://localhost' }],
    ['ACCESS_LOG_SAMPLE_RATE', { ACCESS_LOG_SAMPLE_RATE: '1.5' }],
    ['ACCESS_LOG_SAMPLE_RATE', { ACCESS_LOG_SAMPLE_RATE: 'half' }],
    ['SLOW_REQUEST_MS', { SLOW_REQUEST_MS: '0' }],
  ])('refuses a bad %s with an EnvError naming it', (variable, source) => {
    const error = parseError(source);
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toMatch(new RegExp(`\\b${variable}\\b`));
  });

  it('names only the variables that are wrong', () => {
    const error = parseError({ PORT: 'eighty', DATABASE_URL: 'postgres://localhost/ok' }) as EnvError;
    expect(error.message).toContain('PORT');
    expect(error.message).not.toContain('DATABASE_URL');
  });

  it('seeds the demo by default for the embedded database only', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://postgres@localhost:5432/freshcart' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgresql://localhost/freshcart', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', SMTP_URL: '', PORT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('derives the public URL from the port and keeps safe defaults', () => {
    const env = parseEnv({ PORT: '8080' });
    expect(env.PUBLIC_URL).toBe('http://localhost:8080');
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(env.AUTH_RATE_LIMIT_MAX).toBe(10);
    expect(env.ACCESS_LOG_SAMPLE_RATE).toBe(1);
    expect(parseEnv({ ACCESS_LOG_SAMPLE_RATE: '0.05' }).ACCESS_LOG_SAMPLE_RATE).toBe(0.05);
    expect(parseEnv({ TRUSTED_ORIGINS: ' https://a.example , ,https://b.example' }).TRUSTED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  describe('card payments', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };

    it('are off without Stripe keys and on with all three', () => {
      expect(parseEnv({}).stripe).toBeNull();
      expect(parseEnv(keys).stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', publishableKey: 'pk_test_abc', apiUrl: null });
      expect(parseEnv({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.apiUrl).toBe('http://127.0.0.1:12111');
    });

    it.each([
      [['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'], { STRIPE_SECRET_KEY: 'sk_test_abc' }],
      [['STRIPE_PUBLISHABLE_KEY'], { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }],
      [['STRIPE_SECRET_KEY'], { STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }],
    ])('refuse a half configuration, naming the missing %s', (missing, source) => {
      const error = parseError(source) as EnvError;
      expect(error).toBeInstanceOf(EnvError);
      for (const variable of missing) expect(error.message).toMatch(new RegExp(`^  ${variable}: is required for card payments`, 'm'));
      for (const variable of Object.keys(source)) expect(error.message).not.toMatch(new RegExp(`^  ${variable}:`, 'm'));
    });

    it.each([
      ['STRIPE_SECRET_KEY', { ...keys, STRIPE_SECRET_KEY: 'pk_test_swapped' }],
      ['STRIPE_PUBLISHABLE_KEY', { ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_swapped' }],
      ['STRIPE_WEBHOOK_SECRET', { ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_abc' }],
      ['STRIPE_API_URL', { ...keys, STRIPE_API_URL: 'ftp://stripe.example' }],
    ])('refuse a %s of the wrong kind', (variable, source) => {
      expect((parseError(source) as EnvError).message).toMatch(new RegExp(`^  ${variable}:`, 'm'));
    });
  });

  describe('the support chat assistant', () => {
    it('is the built-in one without AI_BASE_URL, and an OpenAI-compatible endpoint with it', () => {
      expect(parseEnv({}).ai).toBeUndefined();
      expect(parseEnv({ AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-abc', AI_MODEL: 'gpt-4o-mini' }).ai).toEqual({
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-abc',
        model: 'gpt-4o-mini',
      });
      // A local Ollama or vLLM needs no key.
      expect(parseEnv({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_API_KEY: '' }).ai).toEqual({
        baseUrl: 'http://localhost:11434/v1',
        apiKey: undefined,
        model: 'llama3.1',
      });
    });

    it('needs AI_MODEL with AI_BASE_URL, in one line naming it', () => {
      const error = parseError({ AI_BASE_URL: 'http://localhost:11434/v1' }) as EnvError;
      expect(error).toBeInstanceOf(EnvError);
      expect(error.message).toMatch(/^ {2}AI_MODEL: is required when AI_BASE_URL is set\b[^\n]*$/m);
      expect(error.message).not.toMatch(/^ {2}AI_BASE_URL:/m);
    });

    it.each([
      [{ AI_MODEL: 'gpt-4o-mini' }, 'AI_MODEL is set'],
      [{ AI_API_KEY: 'sk-abc', AI_MODEL: 'gpt-4o-mini' }, 'AI_API_KEY and AI_MODEL are set'],
    ])('needs AI_BASE_URL with %o', (source, given) => {
      expect((parseError(source) as EnvError).message).toMatch(new RegExp(`^  AI_BASE_URL: is required when ${given}`, 'm'));
    });

    it.each([['localhost:11434'], ['ftp://models.example'], ['not a url']])('refuses AI_BASE_URL %s', (url) => {
      expect((parseError({ AI_BASE_URL: url, AI_MODEL: 'm' }) as EnvError).message).toMatch(/^ {2}AI_BASE_URL: must be an http\(s\) URL$/m);
    });
  });

  describe('Web Push keys', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };

    it('takes both keys, or neither (they are generated into the data folder then)', () => {
      expect(parseEnv(keys)).toMatchObject(keys);
      expect(parseEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
    });

    it.each([
      [{ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY: is required when VAPID_PUBLIC_KEY is set'],
      [{ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY: is required when VAPID_PRIVATE_KEY is set'],
      [{ ...keys, VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY: must be a base64url P-256 public key'],
      [{ VAPID_SUBJECT: 'http://freshcart.example' }, 'VAPID_SUBJECT: must be a mailto: or https:// URL'],
    ])('refuses %o', (source, message) => {
      expect((parseError(source) as EnvError).message).toContain(message);
    });
  });
});
