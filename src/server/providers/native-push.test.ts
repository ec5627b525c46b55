import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { startFcmEndpoint } from '../test/fcm-endpoint';
import { createFcmProvider } from './native-push';

const message = { title: 'Order confirmed', body: 'Order FC-1001 was accepted.', url: '/orders/abc', tag: 'order-abc' };

/** A logger whose warnings the test can read. */
function capturingLogger() {
  const lines: { msg: string; status?: number; errorCode?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink), lines };
}

describe('the FCM provider', () => {
  let fcm: Awaited<ReturnType<typeof startFcmEndpoint>>;
  const provider = (logger = capturingLogger().logger) => {
    const { fcm: config } = parseEnv({ FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.account), FCM_API_URL: fcm.url });
    return createFcmProvider({ ...config!, logger });
  };

  beforeAll(async () => {
    fcm = await startFcmEndpoint();
  });
  afterAll(async () => {
    await fcm?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    fcm.refused.length = 0;
  });

  it('exchanges a signed assertion for an access token and sends the v1 message with it, to the project, reusing the token', async () => {
    const before = fcm.exchanges();
    const push = provider();
    const device = fcm.device();
    expect(await push.send(device.token, message)).toBe('sent');
    expect(await push.send(device.token, { ...message, body: 'Again' })).toBe('sent');
    expect(fcm.received.filter((entry) => entry.device === device.token)).toEqual([
      { device: device.token, message, android: { ttl: '86400s', collapseKey: 'order-abc', tag: 'order-abc' } },
      { device: device.token, message: { ...message, body: 'Again' }, android: { ttl: '86400s', collapseKey: 'order-abc', tag: 'order-abc' } },
    ]);
    expect(fcm.exchanges() - before).toBe(1);
    expect(fcm.refused).toEqual([]);
  });

  it('shares one exchange among sends that start together', async () => {
    const before = fcm.exchanges();
    const push = provider();
    const devices = [fcm.device(), fcm.device(), fcm.device()];
    expect(await Promise.all(devices.map((device) => push.send(device.token, message)))).toEqual(['sent', 'sent', 'sent']);
    expect(fcm.exchanges() - before).toBe(1);
  });

  it('exchanges a new access token shortly before the old one expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = fcm.exchanges();
    const push = provider();
    const device = fcm.device();
    expect(await push.send(device.token, message)).toBe('sent');
    vi.setSystemTime(Date.now() + 58 * 60_000);
    expect(await push.send(device.token, message)).toBe('sent');
    expect(fcm.exchanges() - before).toBe(1);
    vi.setSystemTime(Date.now() + 90_000);
    expect(await push.send(device.token, message)).toBe('sent');
    expect(fcm.exchanges() - before).toBe(2);
    expect(fcm.refused).toEqual([]);
  });

  it('gets a new access token after FCM refuses a revoked one', async () => {
    const { logger, lines } = capturingLogger();
    const push = provider(logger);
    const device = fcm.device();
    expect(await push.send(device.token, message)).toBe('sent');
    fcm.revokeAccessTokens();
    expect(await push.send(device.token, message)).toBe('failed');
    expect(lines).toEqual([expect.objectContaining({ msg: 'FCM refused a notification', status: 401, errorCode: 'UNAUTHENTICATED' })]);
    expect(await push.send(device.token, message)).toBe('sent');
  });

  it('reports a token FCM no longer knows, or calls invalid, as gone', async () => {
    const { logger, lines } = capturingLogger();
    const push = provider(logger);
    const uninstalled = fcm.device();
    uninstalled.unregisterAtFcm();
    expect(await push.send(uninstalled.token, message)).toBe('gone');
    expect(await push.send('never-a-registration-token-of-this-project', message)).toBe('gone');
    expect(lines).toEqual([]);
  });

  it('fails, and says why, when FCM refuses the message for another reason or cannot be reached', async () => {
    const failing = createServer((_request, response) => response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":503,"status":"UNAVAILABLE"}}'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { logger, lines } = capturingLogger();
    const { fcm: config } = parseEnv({ FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.account), FCM_API_URL: `http://127.0.0.1:${(failing.address() as AddressInfo).port}` });
    const push = createFcmProvider({ ...config!, logger });
    expect(await push.send(fcm.device().token, message)).toBe('failed');
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    expect(await push.send(fcm.device().token, message)).toBe('failed');
    expect(lines.map((line) => line.msg)).toEqual(['FCM refused a notification', 'FCM could not be reached']);
    expect(lines[0]).toMatchObject({ status: 503 });
  });

  it('sends nothing when the token endpoint refuses an assertion signed with another key', async () => {
    const { logger, lines } = capturingLogger();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const { fcm: config } = parseEnv({ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...fcm.account, private_key: other.privateKey }), FCM_API_URL: fcm.url });
    const push = createFcmProvider({ ...config!, logger });
    const device = fcm.device();
    expect(await push.send(device.token, message)).toBe('failed');
    expect(fcm.refused).toEqual(['bad assertion']);
    expect(fcm.messagesTo(device)).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(['could not get an access token for FCM']);
  });
});

describe('FCM_SERVICE_ACCOUNT', () => {
  let account: Awaited<ReturnType<typeof startFcmEndpoint>>['account'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const fcm = await startFcmEndpoint();
    account = fcm.account;
    close = fcm.close;
  });
  afterAll(async () => {
    await close?.();
  });

  const startupError = (value: string) => {
    try {
      parseEnv({ FCM_SERVICE_ACCOUNT: value });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as EnvError).message;
    }
    throw new Error('expected parseEnv to throw');
  };

  it('takes the key as JSON or as the path of its file, and leaves native push off without it', () => {
    const expected = { projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key, tokenUri: account.token_uri };
    expect(parseEnv({ FCM_SERVICE_ACCOUNT: JSON.stringify(account) }).fcm).toEqual({ account: expected, apiUrl: 'https://fcm.googleapis.com' });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'freshcart-fcm-')), 'service-account.json');
    writeFileSync(file, JSON.stringify(account));
    expect(parseEnv({ FCM_SERVICE_ACCOUNT: file }).fcm?.account).toEqual(expected);
    const { token_uri: _omitted, ...withoutTokenUri } = account;
    expect(parseEnv({ FCM_SERVICE_ACCOUNT: JSON.stringify(withoutTokenUri) }).fcm?.account.tokenUri).toBe('https://oauth2.googleapis.com/token');
    expect(parseEnv({}).fcm).toBeNull();
  });

  it('stops the start with a message naming the variable and what is wrong, never the key', () => {
    expect(startupError('/nowhere/service-account.json')).toMatch(/FCM_SERVICE_ACCOUNT: cannot read the service account file \/nowhere\/service-account.json \(ENOENT\)/);
    expect(startupError('{ not json')).toMatch(/FCM_SERVICE_ACCOUNT: must be a service account JSON key/);
    const broken = startupError(JSON.stringify({ ...account, type: 'authorized_user', private_key: 'not a key', client_email: undefined }));
    expect(broken).toMatch(/^Invalid configuration:\n {2}FCM_SERVICE_ACCOUNT: is not a usable service account key: /);
    expect(broken).toContain('type must be "service_account"');
    expect(broken).toContain('client_email must be the service account e-mail address');
    expect(broken).toContain('private_key must be a PEM RSA private key');
    expect(startupError(JSON.stringify({ ...account, private_key: account.private_key.slice(0, 200) }))).not.toContain(account.private_key.slice(40, 200));
  });
});
