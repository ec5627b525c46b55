import webpush from 'web-push';
import { errorEntry, type Logger } from '../lib/logger';

/** A device's push subscription, as the browser's PushSubscription gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What became of one push: `gone` when the push service says the subscription no longer exists (404
 * or 410), so it should be forgotten; `failed` for anything else that kept it from being accepted.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushProvider {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL push services may contact. */
  subject: string;
}

/** A push not delivered within a day is no longer news (an order's status has moved on by then). */
const timeToLiveSeconds = 24 * 60 * 60;
const requestTimeoutMs = 10_000;

/**
 * Web Push through `web-push`: it encrypts the payload for the subscription (aes128gcm) and signs the
 * VAPID header; the request itself goes through fetch, so any push service URL works, http included.
 */
export function createWebPushProvider(options: { keys: VapidKeys; logger: Logger; fetch?: typeof fetch }): PushProvider {
  const { keys, logger } = options;
  const send = options.fetch ?? fetch;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        const request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: timeToLiveSeconds,
        });
        const response = await send(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        await response.body?.cancel();
        if (response.ok) return 'sent';
        if (response.status === 404 || response.status === 410) return 'gone';
        logger.warn({ status: response.status, host: new URL(target.endpoint).host }, 'push service refused a notification');
        return 'failed';
      } catch (error) {
        logger.warn({ ...errorEntry(error), host: new URL(target.endpoint).host }, 'push service could not be reached');
        return 'failed';
      }
    },
  };
}

/** A new VAPID key pair. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
