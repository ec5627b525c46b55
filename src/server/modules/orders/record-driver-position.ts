import { sql } from 'drizzle-orm';
import { canViewOrder, isAssignedDriver } from '@/shared/access';
import { orderRefusals, trackingRefusals } from '@/shared/copy';
import type { DriverPosition } from '@/shared/contracts/orders';
import { preparedQuery, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { orderFacts } from './order-records';
import { DRIVER_POSITIONS_CHANNEL, type PositionMessage } from './track-feed';

/** The least time between two positions of one driver for one order. */
export const POSITION_INTERVAL_SECONDS = 3;

// Replaces the last position only when it is old enough (or another driver's); concurrent posts are
// decided by the row lock of the upsert, so exactly one of them is accepted.
const upsertPosition = preparedQuery<
  { orderId: string; driverProfileId: string; latitude: number; longitude: number; intervalSeconds: number },
  { at: Date | string }
>(
  'upsert_driver_position',
  ({ orderId, driverProfileId, latitude, longitude, intervalSeconds }) => sql`insert into driver_positions as p (order_id, driver_profile_id, latitude, longitude, updated_at)
    values (${orderId}, ${driverProfileId}, ${latitude}, ${longitude}, clock_timestamp())
    on conflict (order_id) do update set driver_profile_id = excluded.driver_profile_id, latitude = excluded.latitude,
      longitude = excluded.longitude, updated_at = excluded.updated_at
    where p.updated_at <= excluded.updated_at - make_interval(secs => ${intervalSeconds}) or p.driver_profile_id <> excluded.driver_profile_id
    returning updated_at as at`,
);

const secondsSinceLastPosition = preparedQuery<{ orderId: string }, { seconds: number | string }>(
  'seconds_since_driver_position',
  ({ orderId }) => sql`select extract(epoch from (clock_timestamp() - updated_at)) as seconds from driver_positions where order_id = ${orderId}`,
);

const notifyPosition = preparedQuery<{ channel: string; payload: string }, unknown>(
  'notify_driver_position',
  ({ channel, payload }) => sql`select pg_notify(${channel}, ${payload})`,
);

/**
 * The assigned driver of an order out for delivery reports where they are. At most one position per
 * driver and order every few seconds is taken (more is refused with the time to wait, and nothing is
 * written); the accepted one replaces the last and is announced to that order's tracking streams on
 * every instance once committed.
 */
export async function recordDriverPosition(options: {
  db: Db;
  viewer: Viewer;
  orderId: string;
  position: { latitude: number; longitude: number };
}): Promise<DriverPosition> {
  const { viewer, orderId, position } = options;
  return options.db.transaction(async (tx) => {
    // Shared lock: a change of status (to delivered, which removes the position) waits for this
    // transaction, or this one waits for it and then sees the new status; a position never outlives delivery.
    const order = await orderFacts(tx, { orderId, share: true });
    if (!order || !canViewOrder({ viewer, order })) throw new AppError({ kind: 'NOT_FOUND', message: orderRefusals.notFound });
    if (!isAssignedDriver(viewer, order)) throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
    if (order.status !== 'out_for_delivery') {
      throw new AppError({ kind: 'CONFLICT', code: 'NOT_OUT_FOR_DELIVERY', message: trackingRefusals.notOutForDelivery });
    }
    const [accepted] = await upsertPosition(tx, {
      orderId,
      driverProfileId: viewer.profileId,
      latitude: position.latitude,
      longitude: position.longitude,
      intervalSeconds: POSITION_INTERVAL_SECONDS,
    });
    if (!accepted) {
      const [last] = await secondsSinceLastPosition(tx, { orderId });
      const wait = POSITION_INTERVAL_SECONDS - Number(last?.seconds ?? 0);
      throw new AppError({ kind: 'RATE_LIMITED', message: trackingRefusals.positionTooSoon, retryAfterSeconds: Math.max(1, Math.ceil(wait)) });
    }
    const recorded: DriverPosition = { latitude: position.latitude, longitude: position.longitude, at: new Date(accepted.at).toISOString() };
    const message: PositionMessage = { orderId, ...recorded };
    await notifyPosition(tx, { channel: DRIVER_POSITIONS_CHANNEL, payload: JSON.stringify(message) });
    return recorded;
  });
}
