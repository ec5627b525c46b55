import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { staffFeedEvent, type StaffFeedEvent } from '@/shared/contracts/staff';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { openEventStream, type StreamState } from '@/web/lib/event-stream';
import { staffKeys } from '../api/staff-orders';

/**
 * Keeps every staff list live: on each order event the viewer follows, and whenever the stream
 * (re)connects, the staff queries and that order's page are read again. `onEvent` hears each event,
 * e.g. to announce a new order. Answers the connection's state.
 */
export function useStaffFeed(onEvent?: (event: StaffFeedEvent) => void): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    const controller = new AbortController();
    openEventStream({
      path: '/api/staff/orders/stream',
      signal: controller.signal,
      onStateChange: setState,
      onMessage: (message) => {
        if (message.event === 'ready') {
          void queryClient.invalidateQueries({ queryKey: staffKeys.all });
          return;
        }
        if (message.event !== 'order') return;
        let parsed: ReturnType<typeof staffFeedEvent.safeParse>;
        try {
          parsed = staffFeedEvent.safeParse(JSON.parse(message.data));
        } catch {
          return;
        }
        if (!parsed.success) return;
        void queryClient.invalidateQueries({ queryKey: staffKeys.all });
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(parsed.data.orderId) });
        listener.current?.(parsed.data);
      },
    });
    return () => controller.abort();
  }, [queryClient]);

  return state;
}
