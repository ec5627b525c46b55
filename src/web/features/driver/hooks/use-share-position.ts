import { useEffect, useState } from 'react';
import { watchPosition } from '@/web/lib/platform';
import { sendPosition } from '../api/driver-queries';

/** The least time between two positions sent; the server takes one every few seconds at most, too. */
export const SHARE_INTERVAL_MS = 5_000;

export type SharingState = 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * Shares the device position for an order out for delivery while the component using it is mounted:
 * at most one position every SHARE_INTERVAL_MS, none while the last is still on its way. Unmounting
 * (the delivery ended, the page closed) stops the watch.
 */
export function useSharePosition(orderId: string): SharingState {
  const [state, setState] = useState<SharingState>('starting');
  useEffect(() => {
    let lastSentAt = -Infinity;
    let sending = false;
    return watchPosition({
      onPosition: (position) => {
        setState('on');
        const now = Date.now();
        if (sending || now - lastSentAt < SHARE_INTERVAL_MS) return;
        lastSentAt = now;
        sending = true;
        // A refused position (too soon, the delivery just ended) is simply not shown; the next one follows.
        void sendPosition(orderId, position)
          .catch(() => undefined)
          .finally(() => {
            sending = false;
          });
      },
      onError: (error) => setState(error.reason === 'denied' ? 'denied' : 'unavailable'),
    });
  }, [orderId]);
  return state;
}
