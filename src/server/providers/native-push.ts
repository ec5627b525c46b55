import { importPKCS8, SignJWT } from 'jose';
import type { PushMessage } from '@/shared/contracts/notifications';
import { errorEntry, type Logger } from '../lib/logger';
import type { PushOutcome } from './push';

/** The fields of a Google service account key file that FCM needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  /** PKCS#8 PEM. */
  privateKey: string;
  /** Where a signed assertion is exchanged for an access token. */
  tokenUri: string;
}

/** Pushes to the native app: one device token, one message. */
export interface NativePushProvider {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
}

const scope = 'https://www.googleapis.com/auth/firebase.messaging';
/** A push not delivered within a day is no longer news, as on the web. */
const timeToLive = '86400s';
const requestTimeoutMs = 10_000;
/** An access token this close to its expiry is replaced before use. */
const refreshMarginMs = 60_000;

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** What FCM's error body says about a refused message: the FCM error code, and whether the token was the field at fault. */
function fcmError(body: unknown): { errorCode?: string; tokenRefused: boolean } {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return { tokenRefused: false };
  let errorCode: string | undefined;
  let tokenRefused = false;
  for (const detail of details as Record<string, unknown>[]) {
    if (typeof detail.errorCode === 'string') errorCode = detail.errorCode;
    if (Array.isArray(detail.fieldViolations)) {
      tokenRefused ||= (detail.fieldViolations as { field?: unknown }[]).some((violation) => violation.field === 'message.token');
    }
  }
  return { errorCode, tokenRefused };
}

/**
 * Firebase Cloud Messaging's HTTP v1 API, authenticated as a service account: a JWT signed with the
 * account's key (RS256) is exchanged at its token URI for an OAuth2 access token, kept until a
 * minute before it expires. A token FCM no longer knows (404, UNREGISTERED, or an INVALID_ARGUMENT
 * naming the token) is `gone`; anything else is logged and `failed`, not retried.
 */
export function createFcmProvider(options: { account: ServiceAccount; apiUrl: string; logger: Logger; fetch?: typeof fetch }): NativePushProvider {
  const { account, logger } = options;
  const send = options.fetch ?? fetch;
  const endpoint = new URL(`/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`, options.apiUrl);
  let cached: Promise<AccessToken> | undefined;

  async function fetchAccessToken(): Promise<AccessToken> {
    const assertion = await new SignJWT({ scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(account.privateKey, 'RS256'));
    const response = await send(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new Error(`the token endpoint answered ${response.status}`);
    }
    return { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  }

  /** One exchange at a time: concurrent sends share it; a failed one is not kept. */
  async function accessToken(): Promise<string> {
    const current = cached ? await cached.catch(() => undefined) : undefined;
    if (current && current.expiresAt - refreshMarginMs > Date.now()) return current.value;
    const pending = fetchAccessToken();
    cached = pending;
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
    return (await pending).value;
  }

  return {
    async send(token, message) {
      let bearer: string;
      try {
        bearer = await accessToken();
      } catch (error) {
        logger.warn({ ...errorEntry(error), host: new URL(account.tokenUri).host }, 'could not get an access token for FCM');
        return 'failed';
      }
      try {
        const response = await send(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: message.title, body: message.body },
              data: { url: message.url, tag: message.tag },
              android: { ttl: timeToLive, collapse_key: message.tag, notification: { tag: message.tag } },
            },
          }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        if (response.ok) {
          await response.body?.cancel();
          return 'sent';
        }
        const { errorCode, tokenRefused } = fcmError(await response.json().catch(() => null));
        if (response.status === 404 || errorCode === 'UNREGISTERED' || (errorCode === 'INVALID_ARGUMENT' && tokenRefused)) return 'gone';
        // A revoked or rotated access token: the next send exchanges a new one.
        if (response.status === 401) cached = undefined;
        logger.warn({ status: response.status, errorCode, host: endpoint.host }, 'FCM refused a notification');
        return 'failed';
      } catch (error) {
        logger.warn({ ...errorEntry(error), host: endpoint.host }, 'FCM could not be reached');
        return 'failed';
      }
    },
  };
}
