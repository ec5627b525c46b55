import { staffFeedEvent, type StaffFeedEvent } from '@/shared/contracts/staff';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import type { StreamState } from '@/web/lib/event-stream';
import { useLiveFeed } from '@/web/lib/use-live-feed';
import { staffKeys } from '../api/staff-orders';

/**
 * Keeps every staff list live: on each order event the viewer follows, and whenever the stream
 * (re)connects, the staff queries and that order's page are read again. `onEvent` hears each event,
 * e.g. to announce a new order. Answers the connection's state.
 */
export function useStaffFeed(onEvent?: (event: StaffFeedEvent) => void): StreamState {
  return useLiveFeed({
    path: '/api/staff/orders/stream',
    event: 'order',
    schema: staffFeedEvent,
    refresh: (queryClient, orderEvent) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      if (orderEvent) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderEvent.orderId) });
    },
    onEvent,
  });
}
