import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JWTVerifyGetKey } from 'jose';
import { openDatabase, type Database, type DatabaseTarget } from './db/client';
import { seedDemo } from './db/seed/demo';
import type { Env } from './env';
import { createAuth, type PasswordHasher } from './lib/auth';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import { createAssistant, type ChatAssistant } from './providers/ai';
import { createGeocoder, type Geocoder } from './providers/geocoder';
import { createMailer, type Mailer } from './providers/mail';
import { createPaymentProvider, type PaymentProvider } from './providers/payments';
import { createFcmProvider, type NativePushProvider } from './providers/native-push';
import { createWebPushProvider, generateVapidKeys, type PushProvider, type VapidKeys } from './providers/push';
import { createLocalStorage, createS3Storage, type FileStorage } from './providers/storage';
import { startupStep } from './startup-failure';

/** The auth secret: configured, or generated once and kept beside the embedded data. */
export function resolveSecret(env: Env, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  logger.warn({ file }, 'AUTH_SECRET is not set; generated one and stored it in the data folder');
  return secret;
}

/**
 * The VAPID key pair push subscriptions are bound to: configured, or generated once and kept beside
 * the embedded data (a new pair would orphan every device's subscription).
 */
export function resolveVapidKeys(env: Env, logger: Logger): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(env.DATA_DIR, 'vapid-keys.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }), subject };
  mkdirSync(env.DATA_DIR, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  logger.warn({ file }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set; generated a pair and stored it in the data folder');
  return { ...keys, subject };
}

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') };
}

export interface BuildOptions {
  env: Env;
  logger: Logger;
  database?: Database;
  secret?: string;
  mailer?: Mailer;
  geocoder?: Geocoder;
  payments?: PaymentProvider;
  storage?: FileStorage;
  assistant?: ChatAssistant;
  googleKeys?: JWTVerifyGetKey;
  passwordHasher?: PasswordHasher;
  push?: PushProvider;
  nativePush?: NativePushProvider | null;
  webRoot?: string;
}

/**
 * Opens and migrates the database, wires auth and providers, and seeds the demo when asked. Migrations
 * and the seed run under the database's start-up lock, so any number of instances may start at once.
 */
export async function buildDeps(options: BuildOptions): Promise<AppDeps & { seeded: boolean }> {
  const { env, logger } = options;
  const database = options.database ?? (await openDatabase(databaseTarget(env)));
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const geocoder =
    options.geocoder ?? createGeocoder({ mapboxAccessToken: env.MAPBOX_ACCESS_TOKEN, mapboxApiUrl: env.MAPBOX_API_URL, logger });
  const payments = options.payments ?? createPaymentProvider({ stripe: env.stripe, logger });
  const storage = options.storage ?? (env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.DATA_DIR, 'uploads')));
  const assistant = options.assistant ?? createAssistant({ env, logger });
  const push = options.push ?? createWebPushProvider({ keys: resolveVapidKeys(env, logger), logger });
  const nativePush = options.nativePush !== undefined ? options.nativePush : env.fcm && createFcmProvider({ ...env.fcm, logger });
  const auth = createAuth({
    db: database.db,
    env,
    mailer,
    logger,
    secret: options.secret ?? resolveSecret(env, logger),
    googleKeys: options.googleKeys,
    passwordHasher: options.passwordHasher,
  });
  const seeded = await database.withStartupLock(
    async () => {
      await startupStep('migrating the database', () => database.migrate());
      if (!env.SEED_DEMO) return false;
      return startupStep('seeding the demo data', () => seedDemo({ db: database.db, auth, password: env.DEMO_PASSWORD, logger }));
    },
    { onWait: () => logger.info('another instance is migrating or seeding the database; waiting for it to finish') },
  );
  return { database, env, auth, mailer, geocoder, payments, storage, assistant, push, nativePush, logger, webRoot: options.webRoot, seeded };
}
