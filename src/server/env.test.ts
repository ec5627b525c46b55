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
    expect(parseEnv({ TRUSTED_ORIGINS: ' https://a.example , ,https://b.example' }).TRUSTED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
