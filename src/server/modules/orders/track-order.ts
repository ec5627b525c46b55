import { canViewOrder } from '@/shared/access';
import { orderRefusals, trackingRefusals } from '@/shared/copy';
import type { DriverPosition, TrackingStatusEvent } from '@/shared/contracts/orders';
import { isTrackingOver, type OrderStatus } from '@/shared/order-status';
import type { Database } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { EventSink } from '../../lib/sse';
import { getTrackedOrder, type TrackingView } from './get-tracked-order';
import { orderFacts } from './order-records';
import { followOrder } from './track-feed';
import { checkTrackingToken } from './track-token';

export interface OrderTracking {
  /** Writes the stream until the order is delivered or over, or the client leaves. */
  stream(sink: EventSink): Promise<void>;
}

const notFound = () => new AppError({ kind: 'NOT_FOUND', message: orderRefusals.notFound });

/**
 * Opens an order's live tracking for whoever the access rules let see it (another customer's order
 * is not found), or for the holder of a lookup token for that order. The stream starts with a
 * snapshot whose id is the order's last event; with `lastEventId` (a reconnect) the events after it
 * follow; then every change as it is committed on any server instance: `status` events (with their
 * ids) and, while out for delivery, `position` events.
 */
export async function trackOrder(options: {
  database: Database;
  orderId: string;
  /** Exactly one of viewer and token. */
  viewer?: Viewer;
  token?: string;
  secret: string;
  lastEventId?: string;
}): Promise<OrderTracking> {
  const { database, orderId, viewer, token } = options;
  const db = database.db;
  let view: TrackingView;
  if (token !== undefined) {
    const check = checkTrackingToken({ secret: options.secret, token, orderId });
    if (check === 'expired') throw new AppError({ kind: 'UNAUTHORIZED', code: 'TRACKING_LINK_EXPIRED', message: trackingRefusals.linkExpired });
    if (check === 'invalid') throw notFound();
    view = 'public';
  } else {
    if (!viewer) throw new AppError({ kind: 'UNAUTHORIZED', message: trackingRefusals.signInToTrack });
    view = 'viewer';
  }
  const facts = await orderFacts(db, { orderId });
  if (!facts || (viewer && view === 'viewer' && !canViewOrder({ viewer, order: facts }))) throw notFound();

  return {
    async stream(sink) {
      /** Ids already sent, in a snapshot or as status events; a change heard twice goes out once. */
      const sent = new Set<string>();
      let status: OrderStatus = facts.status;
      let over = false;
      let finish!: (error?: unknown) => void;
      const finished = new Promise<void>((resolve, reject) => {
        finish = (error) => {
          over = true;
          if (error === undefined) resolve();
          else reject(error instanceof Error ? error : new Error(String(error)));
        };
      });

      let open!: () => void;
      const listening = new Promise<void>((resolve) => {
        open = resolve;
      });
      // Everything goes out in order, one thing at a time: the first snapshot once the changes are
      // listened to, then what was heard meanwhile.
      let queue = listening.then(() => sendSnapshot(options.lastEventId === undefined ? null : BigInt(options.lastEventId))).catch((error: unknown) => finish(error));
      const enqueue = (task: () => Promise<void>) => {
        queue = queue.then(() => (over || sink.signal.aborted ? undefined : task())).catch((error: unknown) => finish(error));
      };

      /** A snapshot, then the events after `replayAfter` not yet sent (none when it is null). */
      const sendSnapshot = async (replayAfter: bigint | null) => {
        const tracked = await getTrackedOrder({ db, orderId, view });
        if (!tracked) return finish();
        const { snapshot } = tracked;
        status = snapshot.order.status;
        await sink.send({ event: 'snapshot', data: snapshot, id: snapshot.order.events.at(-1)?.id });
        for (const event of snapshot.order.events) {
          if (replayAfter !== null && BigInt(event.id) > replayAfter && !sent.has(event.id)) {
            await sink.send({ event: 'status', data: { ...event, orderId } satisfies TrackingStatusEvent, id: event.id });
          }
          sent.add(event.id);
        }
        if (isTrackingOver(status)) finish();
      };
      const sendStatus = async (event: TrackingStatusEvent) => {
        if (sent.has(event.id)) return;
        sent.add(event.id);
        status = event.status;
        await sink.send({ event: 'status', data: view === 'public' ? { ...event, note: '' } : event, id: event.id });
        if (isTrackingOver(status)) finish();
      };
      // Only while out for delivery; the status it goes by is the last one this stream sent.
      const sendPosition = async (position: DriverPosition) => {
        if (status !== 'out_for_delivery') return;
        await sink.send({ event: 'position', data: position });
      };

      // Listening before the snapshot is read: a change committed in between arrives after it, not never.
      const stop = await followOrder({
        database,
        orderId,
        feed: {
          status: (event) => enqueue(() => sendStatus(event)),
          position: (position) => enqueue(() => sendPosition(position)),
          // Changes of the gap are in the new snapshot, and those not sent yet follow it.
          reconnected: () => enqueue(() => sendSnapshot(0n)),
        },
      });
      const leave = () => finish();
      sink.signal.addEventListener('abort', leave);
      try {
        open();
        await finished;
      } finally {
        sink.signal.removeEventListener('abort', leave);
        await stop();
      }
    },
  };
}
