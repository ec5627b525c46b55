import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));

const list = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : []));

function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** The fields of a Google service account key file (as the Firebase console downloads it) that FCM needs. */
const serviceAccountKey = z.object({
  type: z.literal('service_account', { error: 'must be "service_account"' }),
  project_id: z.string({ error: 'is missing' }).min(1, 'is missing'),
  client_email: z.email({ error: 'must be the service account e-mail address' }),
  private_key: z.string({ error: 'is missing' }).refine(isRsaPrivateKey, 'must be a PEM RSA private key'),
  token_uri: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://oauth2.googleapis.com/token'),
});

/** The service account JSON itself, or the path of the file holding it. */
const serviceAccount = z.string().transform((value, context) => {
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(text, 'utf8');
    } catch (error) {
      return fail(`cannot read the service account file ${value} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('must be a service account JSON key, or the path of one (the file is not JSON)');
  }
  const key = serviceAccountKey.safeParse(json);
  if (!key.success) return fail(`is not a usable service account key: ${key.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return { projectId: key.data.project_id, clientEmail: key.data.client_email, privateKey: key.data.private_key, tokenUri: key.data.token_uri };
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().default('./data'),
    SEED_DEMO: flag,
    DEMO_PASSWORD: z.string().min(8).default('demo-password'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUSTED_ORIGINS: list.pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http(s) origins' }))),
    TRUST_PROXY: flag,
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    REQUIRE_EMAIL_VERIFICATION: flag,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('FreshCart <no-reply@freshcart.local>'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    MAPBOX_ACCESS_TOKEN: z.string().optional(),
    MAPBOX_API_URL: z.url().default('https://api.mapbox.com'),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_... or rk_...)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must be the webhook endpoint's signing secret (whsec_...)").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_...)').optional(),
    /** Another host for Stripe's API (a proxy, or a stand-in in tests). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Uploaded images in an S3-compatible bucket instead of the data folder. */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag,
    /** The support chat's assistant on an OpenAI-compatible endpoint (OpenAI, a local Ollama or vLLM); the built-in one without it. */
    AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); generated once into the data folder without it. */
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
    /** Who push services may contact about our pushes: a mailto: or https: URL; the MAIL_FROM address without it. */
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL').optional(),
    /** Pushes to the Android app through FCM: a service account key of the Firebase project (its JSON, or a file path); native push is off without it. */
    FCM_SERVICE_ACCOUNT: serviceAccount.optional(),
    /** Another host for FCM's HTTP v1 API (a stand-in in tests). */
    FCM_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://fcm.googleapis.com'),
    CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The share of successful requests written to the access log (0 turns it off); refusals, failures and slow requests always are. */
    ACCESS_LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
    /** A request taking this long or longer is logged as a warning, whatever the sampling. */
    SLOW_REQUEST_MS: z.coerce.number().int().positive().default(1000),
  })
  .superRefine((env, context) => {
    // Card payments need all three keys; some of them only is a mistake to stop at start-up, not a silent pay-on-delivery.
    const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;
    const given = stripeKeys.filter((key) => env[key] !== undefined);
    if (given.length === 0 || given.length === stripeKeys.length) return;
    for (const key of stripeKeys.filter((candidate) => env[candidate] === undefined)) {
      context.addIssue({ code: 'custom', path: [key], message: `is required for card payments when ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set` });
    }
  })
  .superRefine((env, context) => {
    // A key without its secret (or the other way round) would silently fall back to the SDK's own credentials.
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const [missing, given] = env.S3_ACCESS_KEY_ID === undefined ? ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] : ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'];
      context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
    }
  })
  .superRefine((env, context) => {
    // A model without an endpoint (or the other way round) would silently leave the chat on the built-in assistant.
    if (env.AI_BASE_URL !== undefined && env.AI_MODEL === undefined) {
      context.addIssue({ code: 'custom', path: ['AI_MODEL'], message: "is required when AI_BASE_URL is set (the model's name, e.g. gpt-4o-mini or llama3.1)" });
    }
    if (env.AI_BASE_URL === undefined) {
      const given = (['AI_API_KEY', 'AI_MODEL'] as const).filter((key) => env[key] !== undefined);
      if (given.length > 0) {
        context.addIssue({
          code: 'custom',
          path: ['AI_BASE_URL'],
          message: `is required when ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set (for OpenAI itself: https://api.openai.com/v1)`,
        });
      }
    }
  })
  .superRefine((env, context) => {
    // Half a key pair cannot sign; generating a new pair instead would silently orphan every subscription.
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const [missing, given] = env.VAPID_PUBLIC_KEY === undefined ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
      context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
    }
  })
  .transform((env) => {
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: env.TRUST_PROXY ?? false,
      REQUIRE_EMAIL_VERIFICATION: env.REQUIRE_EMAIL_VERIFICATION ?? false,
      // Demo data is on by default for the embedded database only.
      SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
      /** Card payments through Stripe, when configured. */
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              apiUrl: env.STRIPE_API_URL ?? null,
            }
          : null,
      /** Image storage in an S3-compatible bucket, when configured. */
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
      /** The support chat's assistant on an OpenAI-compatible endpoint, when configured. */
      ai:
        env.AI_BASE_URL && env.AI_MODEL
          ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
          : undefined,
      /** Pushes to the native app through FCM, when configured. */
      fcm: env.FCM_SERVICE_ACCOUNT ? { account: env.FCM_SERVICE_ACCOUNT, apiUrl: env.FCM_API_URL } : null,
    };
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses configuration once; a bad value names the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const empty = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(empty);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/** Origins the native shells load the app from (Capacitor on iOS and Android). */
export const nativeOrigins = ['capacitor://localhost', 'ionic://localhost', 'https://localhost', 'http://localhost'];
