import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { JWTVerifyGetKey } from 'jose';
import pino from 'pino';
import { createApp } from '../app';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalStorage, type FileStorage } from '../providers/storage';
import { buildDeps } from '../bootstrap';
import type { Database } from '../db/client';
import { parseEnv, type Env } from '../env';
import type { PasswordHasher } from '../lib/auth';
import type { Logger } from '../lib/logger';
import type { AppDeps } from '../lib/context';
import type { ChatAssistant } from '../providers/ai';
import type { Mailer } from '../providers/mail';
import { createWebPushProvider, generateVapidKeys, type PushProvider } from '../providers/push';
import { createTestDatabase, type DatabaseKind } from './test-database';

export const testAuthSecret = 'test-only-auth-secret-0123456789-abcdefghij';
export const testPublicUrl = 'http://localhost:3000';
export const testPassword = 'correct-horse-battery';

export interface TestAppOptions {
  kind: DatabaseKind;
  /** Environment variables on top of the test defaults, as they would appear in process.env. */
  env?: Record<string, string | undefined>;
  googleKeys?: JWTVerifyGetKey;
  mailer?: Mailer;
  /** Hash passwords with better-auth's own scrypt instead of the cheap test hash. */
  realPasswordHashing?: boolean;
  /** Where uploads go; a new temporary folder otherwise. */
  storage?: FileStorage;
  /** The support chat's assistant; the built-in one otherwise. */
  assistant?: ChatAssistant;
  /** Web Push; the real adapter with this process's test keys otherwise (never the working copy's data folder). */
  push?: PushProvider;
  /** The server's logger; one that passes errors on to console.error otherwise. */
  logger?: Logger;
}

/** One VAPID key pair per test process. */
export const testVapidKeys = { ...generateVapidKeys(), subject: 'mailto:push@freshcart.test' };

/**
 * A salted SHA-256 stand-in for scrypt, which is slow by design and dominated the suite's run time.
 * It still refuses every wrong password; suites that care about the real hash ask for it.
 */
export const cheapPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(8).toString('hex');
    return `${salt}:${createHash('sha256').update(salt + password).digest('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt = '', digest = ''] = hash.split(':');
    const expected = Buffer.from(createHash('sha256').update(salt + password).digest('hex'));
    const actual = Buffer.from(digest);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

export interface TestRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with its content type. */
  json?: unknown;
  body?: BodyInit | null;
}

/** One browser: its own cookie jar, its own network address. */
export interface TestClient {
  readonly address: string;
  readonly cookies: Map<string, string>;
  request(path: string, init?: TestRequestInit): Promise<Response>;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  env: Env;
  database: Database;
  /** The default client's request. */
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /** A further browser; the default one is `defaultClient`. */
  client(): TestClient;
  defaultClient: TestClient;
  /** Serves the app on a real socket, for behaviour that depends on the connection. */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * A logger that stays quiet except for errors, which go to console.error: the test setup fails a
 * test on console.error, so an unexpected server error can never pass unnoticed.
 */
function createTestLogger() {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      console.error(chunk.toString().trim());
      done();
    },
  });
  return pino({ level: 'error' }, sink);
}

let clientCount = 0;

/** Distinct addresses keep each simulated browser in its own rate-limit bucket, as on a real network. */
function nextAddress() {
  clientCount += 1;
  return `10.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount & 255}`;
}

function storeCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: testAuthSecret,
    PUBLIC_URL: testPublicUrl,
    // Tests read what they just wrote; the shared catalog cache is measured in benchmarks instead.
    CATALOG_CACHE_SECONDS: '0',
    ...options.env,
  });
  const database = await createTestDatabase(options.kind);
  let deps: AppDeps;
  try {
    deps = await buildDeps({
      env,
      logger: options.logger ?? createTestLogger(),
      database,
      mailer: options.mailer,
      googleKeys: options.googleKeys,
      passwordHasher: options.realPasswordHashing ? undefined : cheapPasswordHasher,
      // Each app its own folder: uploads never land in the working copy's data folder.
      storage: options.storage ?? createLocalStorage(mkdtempSync(path.join(tmpdir(), 'freshcart-uploads-'))),
      assistant: options.assistant,
      push: options.push ?? createWebPushProvider({ keys: testVapidKeys, logger: createTestLogger() }),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = createApp(deps);
  const origin = new URL(env.PUBLIC_URL).origin;

  function client(): TestClient {
    const cookies = new Map<string, string>();
    const address = nextAddress();
    return {
      address,
      cookies,
      async request(path, init = {}) {
        const { json, headers: initHeaders, ...rest } = init;
        const headers = new Headers(initHeaders);
        if (!headers.has('origin')) headers.set('origin', origin);
        if (cookies.size > 0 && !headers.has('cookie')) {
          headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
        }
        let body = rest.body;
        if (json !== undefined) {
          headers.set('content-type', 'application/json');
          body = JSON.stringify(json);
        }
        // The same bindings @hono/node-server hands the app, so the socket address is the client's.
        const bindings = { incoming: { socket: { remoteAddress: address } } };
        const response = await app.request(new URL(path, origin).toString(), { ...rest, headers, body }, bindings);
        storeCookies(cookies, response);
        return response;
      },
    };
  }

  const defaultClient = client();
  return {
    app,
    deps,
    env,
    database,
    defaultClient,
    client,
    request: (path, init) => defaultClient.request(path, init),
    async listen() {
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
      });
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
          }),
      };
    },
    close: () => database.close(),
  };
}

/** An address no other test uses, so one database serves a whole file. */
export function uniqueEmail(label = 'user') {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export interface SignUpFields {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  referralCode?: string;
}

export async function signUp(client: TestClient, fields: SignUpFields = {}) {
  const body = {
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? testPassword,
    firstName: fields.firstName ?? 'Test',
    lastName: fields.lastName ?? 'User',
    ...(fields.referralCode !== undefined ? { referralCode: fields.referralCode } : {}),
  };
  const response = await client.request('/api/auth/sign-up/email', { method: 'POST', json: body });
  return { response, email: body.email, password: body.password };
}

export function signIn(client: TestClient, email: string, password = testPassword) {
  return client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

/** The session cookie's name: better-auth prefixes it with __Secure- on HTTPS. */
export function sessionCookieName(env: Env) {
  return `${env.PUBLIC_URL.startsWith('https://') ? '__Secure-' : ''}better-auth.session_token`;
}
