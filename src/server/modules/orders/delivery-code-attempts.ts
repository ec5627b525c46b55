import { eq, sql } from 'drizzle-orm';
import { driverCopy } from '@/shared/staff-copy';
import { preparedQuery, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { deliveryCodeAttempts } from './orders.tables';

/** Codes a driver may try for one order in a window before the door closes for the rest of it. */
export const MAX_DELIVERY_CODE_ATTEMPTS = 5;
export const DELIVERY_CODE_WINDOW_SECONDS = 15 * 60;

// One statement counts the try and opens a new window when the last one is over, so tries made at
// once (or on several instances) are all counted.
const countAttempt = preparedQuery<{ orderId: string; windowSeconds: number }, { attempts: number; retryAfter: number | string }>(
  'count_delivery_code_attempt',
  ({ orderId, windowSeconds }) => sql`insert into delivery_code_attempts as a (order_id, window_start, attempts)
    values (${orderId}, now(), 1)
    on conflict (order_id) do update set
      attempts = case when a.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else a.attempts + 1 end,
      window_start = case when a.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else a.window_start end
    returning attempts, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as "retryAfter"`,
);

/**
 * Counts a delivery code tried for an order, in its own statement so the count stays when the try is
 * refused; past the limit the try is refused (429) before the code is even compared.
 */
export async function countDeliveryCodeAttempt(db: Db, orderId: string): Promise<void> {
  const [count] = await countAttempt(db, { orderId, windowSeconds: DELIVERY_CODE_WINDOW_SECONDS });
  if (count && count.attempts > MAX_DELIVERY_CODE_ATTEMPTS) {
    throw new AppError({
      kind: 'RATE_LIMITED',
      code: 'TOO_MANY_DELIVERY_CODES',
      message: driverCopy.refusals.tooManyCodes,
      retryAfterSeconds: Math.max(1, Math.ceil(Number(count.retryAfter))),
    });
  }
}

/** A delivered order needs no count of its codes any more. */
export async function forgetDeliveryCodeAttempts(tx: Db, orderId: string): Promise<void> {
  await tx.delete(deliveryCodeAttempts).where(eq(deliveryCodeAttempts.orderId, orderId));
}
