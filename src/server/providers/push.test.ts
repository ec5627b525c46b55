import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { resolveVapidKeys } from '../bootstrap';
import { parseEnv } from '../env';

const logger = pino({ level: 'silent' });

describe('resolveVapidKeys', () => {
  it('generates a pair once into the data folder and keeps using it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcart-vapid-'));
    const env = parseEnv({ DATA_DIR: dataDir, MAIL_FROM: 'FreshCart <hello@freshcart.example>' });
    const first = resolveVapidKeys(env, logger);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:hello@freshcart.example');
    expect(statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(env, logger)).toEqual(first);
  });

  it('takes the configured pair and subject over the data folder', () => {
    const configured = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43), VAPID_SUBJECT: 'https://freshcart.example' };
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'freshcart-vapid-')), ...configured });
    expect(resolveVapidKeys(env, logger)).toEqual({ publicKey: configured.VAPID_PUBLIC_KEY, privateKey: configured.VAPID_PRIVATE_KEY, subject: configured.VAPID_SUBJECT });
  });
});
