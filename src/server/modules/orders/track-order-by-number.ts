import { sql } from 'drizzle-orm';
import { trackingRefusals } from '@/shared/copy';
import type { TrackingLookup } from '@/shared/contracts/orders';
import { preparedQuery, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOrderByNumberAndEmail } from '../../read-models/find-order-by-number-and-email';
import { getTrackedOrder } from './get-tracked-order';
import { signTrackingToken } from './track-token';

/** The window of the lookup limit, as sign-in's. */
const WINDOW_SECONDS = 60;

// One statement counts the attempt and opens a new window when the last one is over, so concurrent
// attempts on several instances are all counted.
const countAttempt = preparedQuery<{ clientKey: string; windowSeconds: number }, { attempts: number; retryAfter: number | string }>(
  'count_tracking_lookup_attempt',
  ({ clientKey, windowSeconds }) => sql`insert into tracking_lookup_attempts as a (client_key, window_start, attempts)
    values (${clientKey}, now(), 1)
    on conflict (client_key) do update set
      attempts = case when a.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else a.attempts + 1 end,
      window_start = case when a.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else a.window_start end
    returning attempts, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as "retryAfter"`,
);

/**
 * Finds an order by its number and the email of the account that placed it, for someone who is not
 * signed in: the snapshot without the address or notes, and a short-lived token for its stream. An
 * unknown number and a wrong email get the same answer, and each client address has as many attempts
 * a minute as sign-in, so order numbers cannot be tried in bulk.
 */
export async function trackOrderByNumber(options: {
  db: Db;
  secret: string;
  clientKey: string;
  maxAttempts: number;
  orderNumber: string;
  email: string;
}): Promise<TrackingLookup> {
  const { db } = options;
  const [count] = await countAttempt(db, { clientKey: options.clientKey, windowSeconds: WINDOW_SECONDS });
  if (count && count.attempts > options.maxAttempts) {
    throw new AppError({
      kind: 'RATE_LIMITED',
      message: trackingRefusals.tooManyLookups,
      retryAfterSeconds: Math.max(1, Math.ceil(Number(count.retryAfter))),
    });
  }
  const notFound = new AppError({ kind: 'NOT_FOUND', code: 'ORDER_NOT_FOUND', message: trackingRefusals.lookupNotFound });
  const orderId = await findOrderByNumberAndEmail({ db, orderNumber: options.orderNumber, email: options.email });
  if (!orderId) throw notFound;
  const tracked = await getTrackedOrder({ db, orderId, view: 'public' });
  if (!tracked) throw notFound;
  const { token, expiresAt } = signTrackingToken({ secret: options.secret, orderId });
  return { snapshot: tracked.snapshot, token, expiresAt: expiresAt.toISOString() };
}
