import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import type { DriverPosition, Order, OrderEvent, TrackedOrder, TrackingSnapshot } from '@/shared/contracts/orders';
import { isTrackingOver } from '@/shared/order-status';
import type { ApiError } from '@/web/lib/api-client';
import { openEventStream, type StreamState } from '@/web/lib/event-stream';
import { orderKeys, updateListedOrder } from '../api/order-queries';

/** A driver's position with when the server took it by this device's clock, which may not match the server's. */
export interface LivePosition extends DriverPosition {
  localAt: number;
}

export interface OrderTracking {
  order: TrackedOrder | null;
  /** The driver's last position, only while the order is out for delivery. */
  position: LivePosition | null;
  connection: StreamState | 'idle';
  /** Why the stream stopped for good (the order is not the viewer's, the token expired). */
  error: ApiError | null;
}

type Action =
  | { type: 'snapshot'; snapshot: TrackingSnapshot; receivedAt: number }
  | { type: 'status'; event: OrderEvent }
  | { type: 'position'; position: DriverPosition; receivedAt: number }
  | { type: 'connection'; state: StreamState }
  | { type: 'error'; error: ApiError };

/** Events by id, oldest first: a replay after a reconnect may repeat what the snapshot already had. */
export function mergeEvents(known: readonly OrderEvent[], incoming: readonly OrderEvent[]): OrderEvent[] {
  const byId = new Map(known.map((event) => [event.id, event]));
  for (const event of incoming) byId.set(event.id, event);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

function compareIds(a: string, b: string): number {
  // Ids are numbers counted by the database; a longer one is a later one.
  return a.length - b.length || a.localeCompare(b);
}

function reduce(state: OrderTracking, action: Action): OrderTracking {
  switch (action.type) {
    case 'snapshot': {
      const { order, position } = action.snapshot;
      const events = mergeEvents(state.order?.events ?? [], order.events);
      // The snapshot's position may be old (the driver stopped sharing): its age is the server's.
      const live = position && order.status === 'out_for_delivery' ? { latitude: position.latitude, longitude: position.longitude, at: position.at, localAt: action.receivedAt - position.ageSeconds * 1000 } : null;
      return { ...state, order: { ...order, events, status: events.at(-1)?.status ?? order.status }, position: live };
    }
    case 'status': {
      if (!state.order) return state;
      const events = mergeEvents(state.order.events, [action.event]);
      const status = events.at(-1)!.status;
      return { ...state, order: { ...state.order, events, status }, position: status === 'out_for_delivery' ? state.position : null };
    }
    case 'position':
      // Sent as the server takes it.
      return state.order?.status === 'out_for_delivery' ? { ...state, position: { ...action.position, localAt: action.receivedAt } } : state;
    case 'connection':
      return { ...state, connection: action.state };
    case 'error':
      return { ...state, error: action.error };
  }
}

/**
 * An order's live status, estimate and driver position: the stream's snapshot, then its status and
 * position events, in one state. Status events also update the cached order detail and order list,
 * so /orders/{id} and /orders show the change without a reload. `token` is the lookup's, for an
 * order followed without being signed in as its customer.
 */
export function useOrderTracking(orderId: string | null, options: { token?: string; initial?: TrackingSnapshot; enabled?: boolean } = {}): OrderTracking {
  const { token, initial, enabled = true } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reduce, initial, (snapshot): OrderTracking => {
    const empty: OrderTracking = { order: null, position: null, connection: 'idle', error: null };
    return snapshot ? reduce(empty, { type: 'snapshot', snapshot, receivedAt: Date.now() }) : empty;
  });
  const finished = state.order ? isTrackingOver(state.order.status) : false;

  useEffect(() => {
    if (!orderId || !enabled || finished) return;
    const controller = new AbortController();
    const path = `/api/tracking/orders/${encodeURIComponent(orderId)}/stream${token ? `?token=${encodeURIComponent(token)}` : ''}`;

    const applyToCache = (event: OrderEvent) => {
      const detail = queryClient.getQueryData<Order>(orderKeys.detail(orderId));
      if (detail) {
        const events = mergeEvents(detail.events, [event]);
        queryClient.setQueryData(orderKeys.detail(orderId), { ...detail, events, status: events.at(-1)!.status });
        // What the customer may do now (cancel, return, rate) follows the status: the server says, when it changed.
        if (events.length > detail.events.length) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      }
      updateListedOrder(queryClient, orderId, { status: event.status });
    };

    openEventStream({
      path,
      signal: controller.signal,
      onStateChange: (next) => dispatch({ type: 'connection', state: next }),
      onFatal: (error) => dispatch({ type: 'error', error }),
      onMessage: (message) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        if (message.event === 'snapshot') {
          const snapshot = data as TrackingSnapshot;
          dispatch({ type: 'snapshot', snapshot, receivedAt: Date.now() });
          const last = snapshot.order.events.at(-1);
          if (last) applyToCache(last);
        } else if (message.event === 'status') {
          const { orderId: _orderId, ...event } = data as OrderEvent & { orderId: string };
          dispatch({ type: 'status', event });
          applyToCache(event);
        } else if (message.event === 'position') {
          dispatch({ type: 'position', position: data as DriverPosition, receivedAt: Date.now() });
        }
      },
    });
    return () => controller.abort();
  }, [orderId, token, enabled, finished, queryClient]);

  return state;
}
