import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, openAPI } from 'better-auth/plugins';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { authSchema } from '../modules/auth/auth.tables';
import { isDeactivated } from '../modules/auth/account-records';
import { createProfile, signUpProfileFields } from '../modules/auth/create-profile';
import { adminCopy } from '@/shared/staff-copy';
import type { Mailer } from '../providers/mail';
import { errorEntry, type Logger } from './logger';
import { originPolicyOf, trustedOriginsFor } from './origin-check';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export interface AuthDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  secret: string;
  logger: Logger;
  /** Google's signing keys; tests pass a local key set. */
  googleKeys?: JWTVerifyGetKey;
  /** Password hashing; better-auth's scrypt unless given. Tests pass a cheap one, as scrypt is slow on purpose. */
  passwordHasher?: PasswordHasher;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * The session token a native client sends as `Authorization: Bearer …`: either the bare token or the
 * signed cookie value (`token.signature`, maybe URL-encoded). The bearer plugin accepts the bare token
 * on its own, so the part before the dot is the credential either way.
 */
function bearerSessionToken(headers: Headers | undefined): string | undefined {
  const match = headers?.get('authorization')?.match(/^bearer\s+(\S+)$/i);
  if (!match) return undefined;
  let value = match[1]!;
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not URL-encoded after all.
  }
  return value.split('.')[0] || undefined;
}

/** The PostgreSQL unique violation (SQLSTATE 23505) behind an error, if that is what it is. */
function uniqueViolationOf(error: unknown): { constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return { constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The database as better-auth sees it: the same, except that every transaction better-auth opens is
 * remembered for the code it runs, so our hooks write into that transaction and not beside it.
 */
function transactionAware(db: Db): { db: Db; current(): Db } {
  const open = new AsyncLocalStorage<Db>();
  const wrapped = Object.create(db, {
    transaction: {
      value: ((run, config) => db.transaction((tx) => open.run(tx, () => run(tx)), config)) satisfies Db['transaction'],
    },
  }) as Db;
  return { db: wrapped, current: () => open.getStore() ?? db };
}

/** Failures better-auth logs as errors that a request alone causes (a made-up OAuth state or provider): warnings, as any refused input. */
const requestCausedErrors = new Set(['State not found', 'Failed to parse state', 'Provider not found. Make sure to add the provider in your auth config']);

export function createAuth({ db, env, mailer, secret, logger, googleKeys, passwordHasher }: AuthDeps) {
  const googleKeySet = googleKeys ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  const authRule = { window: 60, max: env.AUTH_RATE_LIMIT_MAX };
  const originPolicy = originPolicyOf(env);
  const authDb = transactionAware(db);

  return betterAuth({
    appName: 'FreshCart',
    // bearer: the native app may send its session token as `Authorization: Bearer …`;
    // openAPI: describes the auth endpoints for the API document.
    plugins: [bearer(), openAPI({ disableDefaultReference: true })],
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    // Into the app's own log, so auth events are JSON lines with the rest instead of console text.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const target = logger.child({ module: 'auth' });
        // pino serialises an error only under `err`; inside a plain array it would print as {}.
        const error = args.find((arg) => arg instanceof Error);
        const rest = args.filter((arg) => arg !== error);
        const duplicate = uniqueViolationOf(error);
        if (duplicate) {
          // Two requests racing to create the same row (a double-submitted sign-up): the request is
          // answered as a conflict, so this is no fault. The query's parameters hold personal data.
          target.warn({ constraint: duplicate.constraint }, message);
          return;
        }
        // Only the error's kind, code and message: better-auth's other arguments (and a driver error's
        // own fields) may hold the request's values, names and addresses among them.
        const entry = { ...(error ? errorEntry(error) : {}), ...(rest.length > 0 ? { omittedArguments: rest.length } : {}) };
        if (level === 'error' && !requestCausedErrors.has(message)) target.error(entry, message);
        else if (level === 'error' || level === 'warn') target.warn(entry, message);
        else target.info(entry, message);
      },
    },
    // Names and pictures follow the profile's rules, which PATCH /api/profile applies; better-auth's own
    // update would store any name (a number, a million characters) and any image URL (`javascript:` too).
    // No screen deletes an account; left enabled-but-off, better-auth logs each such request as an error.
    disabledPaths: ['/update-user', '/delete-user', '/delete-user/callback'],
    // An unexpected failure goes on to the app's error handler, which logs it without the request's
    // values; otherwise the router underneath prints the raw error, query parameters and all, to stderr.
    onAPIError: { throw: true },
    // Multi-step writes (a sign-up's user, account and session) run in one transaction, the profile too.
    database: drizzleAdapter(authDb.db, { provider: 'pg', schema: authSchema, transaction: true }),
    // Decided per request, as the app's own origin check decides (origin-check.ts).
    trustedOrigins: (request) => trustedOriginsFor(request, originPolicy),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      // A reset link is good for an hour, and using it signs the account out everywhere: whoever knew
      // the old password loses their session with it.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // The link opens our own page, which sends the token and the new password back.
        const link = new URL(`/auth/reset-password?token=${encodeURIComponent(token)}`, env.PUBLIC_URL);
        await mailer.send({
          to: user.email,
          subject: 'Reset your FreshCart password',
          text: `Someone (hopefully you) asked to reset the password of your FreshCart account. Choose a new one here within the hour:\n\n${link.href}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
        });
      },
      ...(passwordHasher ? { password: passwordHasher } : {}),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Verify your FreshCart email',
          text: `Welcome to FreshCart! Confirm your email address by opening this link:\n\n${url}\n`,
        });
      },
    },
    socialProviders: env.GOOGLE_CLIENT_ID
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
            accessType: 'offline',
            prompt: 'consent',
            async verifyIdToken(token, nonce) {
              try {
                const { payload } = await jwtVerify(token, googleKeySet, {
                  issuer: GOOGLE_ISSUERS,
                  audience: env.GOOGLE_CLIENT_ID,
                  algorithms: ['RS256'],
                  maxTokenAge: '1h',
                });
                return !nonce || payload.nonce === nonce;
              } catch {
                return false;
              }
            },
          },
        }
      : {},
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // A session used at least a day after its last refresh is extended: it refreshes itself.
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': authRule,
        '/sign-up/email': authRule,
        '/sign-in/social': authRule,
        '/request-password-reset': authRule,
        // Links opened from a mail or a provider's redirect: one counter per token would add a row per
        // link followed, and each is checked by its token anyway.
        '/reset-password/*': false,
        '/callback/*': false,
        // Every page load and refocus reads the session: counted per address, the customers behind one
        // office or carrier address ran into the limit and were shown as signed out (ADR 077).
        '/get-session': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      // A new user's first account (the password, or the Google link) is written in the transaction
      // that created the user: its profile goes there too, so a failing profile undoes the sign-up (ADR 003).
      // A deactivated account gets no session, whichever way it signs in.
      session: {
        create: {
          async before(session) {
            if (await isDeactivated(authDb.current(), session.userId)) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: adminCopy.userRefusals.signInDeactivated });
            }
          },
        },
      },
      account: {
        create: {
          async before(account, context) {
            await createProfile({
              db: authDb.current(),
              userId: account.userId,
              fields: signUpProfileFields.parse(context?.path === '/sign-up/email' ? (context.body ?? {}) : {}),
            });
          },
        },
      },
    },
    hooks: {
      // Signing out ends every session of the user, on every device.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-out') return;
        // The bearer plugin turns a token into a cookie only after this hook has run, so read both.
        const token =
          (await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret)) ||
          bearerSessionToken(ctx.headers);
        if (!token) return;
        const current = await ctx.context.internalAdapter.findSession(token);
        if (current) await ctx.context.internalAdapter.deleteUserSessions(current.user.id);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
