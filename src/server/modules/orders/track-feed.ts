import { driverPosition, trackingStatusEvent, type DriverPosition, type TrackingStatusEvent } from '@/shared/contracts/orders';
import type { Database } from '../../db/client';
import { pubsubOf } from '../../lib/pubsub';
import { ORDER_EVENTS_CHANNEL } from './order-events';

/** The channel a driver's accepted positions are announced on; the payload is a PositionMessage. */
export const DRIVER_POSITIONS_CHANNEL = 'driver_positions';

export interface PositionMessage extends DriverPosition {
  orderId: string;
}

export interface OrderFeed {
  status(event: TrackingStatusEvent): void;
  position(position: DriverPosition): void;
  /** The listening connection was lost and made again: anything may have been missed. */
  reconnected(): void;
}

const isFor = (orderId: string, value: unknown) =>
  typeof value === 'object' && value !== null && (value as { orderId?: unknown }).orderId === orderId;

/**
 * Follows one order's status events and driver positions as every server instance announces them.
 * Resolves once both channels are listened to: what is read after that cannot miss a change.
 */
export async function followOrder(options: { database: Pick<Database, 'listen'>; orderId: string; feed: OrderFeed }): Promise<() => Promise<void>> {
  const { orderId, feed } = options;
  const pubsub = pubsubOf(options.database);
  const leave: (() => Promise<void>)[] = [];
  const stop = () => Promise.all(leave.map((unsubscribe) => unsubscribe())).then(() => undefined);
  try {
    leave.push(
      await pubsub.subscribe(ORDER_EVENTS_CHANNEL, {
        message(value) {
          if (!isFor(orderId, value)) return;
          const parsed = trackingStatusEvent.safeParse(value);
          if (parsed.success) feed.status(parsed.data);
        },
        // Both channels share the one connection: hearing it from one is enough.
        reconnected: () => feed.reconnected(),
      }),
    );
    leave.push(
      await pubsub.subscribe(DRIVER_POSITIONS_CHANNEL, {
        message(value) {
          if (!isFor(orderId, value)) return;
          const parsed = driverPosition.safeParse(value);
          if (parsed.success) feed.position(parsed.data);
        },
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
