import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a lookup's token opens its order's stream: long enough for a delivery, short enough to expire the same day. */
export const TRACKING_TOKEN_SECONDS = 2 * 60 * 60;

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(`tracking:${payload}`).digest('base64url');

/** A token for one order's tracking stream: `orderId.expiry.signature`, signed with the auth secret. */
export function signTrackingToken(options: { secret: string; orderId: string; now?: Date }): { token: string; expiresAt: Date } {
  const expiry = Math.floor((options.now ?? new Date()).getTime() / 1000) + TRACKING_TOKEN_SECONDS;
  const payload = `${options.orderId}.${expiry}`;
  return { token: `${payload}.${signature(options.secret, payload)}`, expiresAt: new Date(expiry * 1000) };
}

export type TokenCheck = 'valid' | 'expired' | 'invalid';

/** Whether the token was signed by this server for this order, and is still in time. */
export function checkTrackingToken(options: { secret: string; token: string; orderId: string; now?: Date }): TokenCheck {
  const parts = options.token.split('.');
  if (parts.length !== 3) return 'invalid';
  const [orderId = '', expiry = '', given = ''] = parts;
  const expected = Buffer.from(signature(options.secret, `${orderId}.${expiry}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || orderId !== options.orderId) return 'invalid';
  return Number(expiry) * 1000 > (options.now ?? new Date()).getTime() ? 'valid' : 'expired';
}
