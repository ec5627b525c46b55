import { useEffect, useEffectEvent, useState } from 'react';
import type { Coordinates } from '@/shared/contracts/locations';
import { POSITION_CURRENT_MS } from '@/shared/locations';
import { ApiError } from '@/web/lib/api-client';
import { sendPosition, wasReassigned } from '../api/driver-queries';
import { followDevicePosition } from './device-position';

/** The least time between two positions sent; the server takes one every few seconds at most, too. */
export const SHARE_INTERVAL_MS = 5_000;

/**
 * A device standing still reports no new fix, so the latest is sent again this often: the customer's map
 * keeps a driver waiting at the door as current instead of calling them last seen minutes ago.
 */
export const STILL_HERE_MS = POSITION_CURRENT_MS / 2;

/** `insecure` and `unsupported` never get better by waiting: the driver has to open the app another way. */
export type SharingState = 'starting' | 'on' | 'denied' | 'unavailable' | 'insecure' | 'unsupported';

/**
 * Shares the device position for an order out for delivery while the component using it is mounted:
 * at most one position every SHARE_INTERVAL_MS, none while the last is still on its way; a fix held back
 * by that limit goes out when it ends (it may be where the driver stopped), and the latest fix goes out
 * again every STILL_HERE_MS while the device reports none newer and no error. A position
 * refused as too soon (the page was reopened just after sending one) is followed by the latest fix as
 * soon as the server's Retry-After allows. Unmounting (the delivery ended, the page closed) stops the watch;
 * so does a delivery given to another driver, which `onReassigned` hears of.
 */
export function useSharePosition(orderId: string, onReassigned: () => void): SharingState {
  const [state, setState] = useState<SharingState>('starting');
  const reassigned = useEffectEvent(onReassigned);
  useEffect(() => {
    let latest: Coordinates | null = null;
    let unsent = false;
    let lastSentAt = -Infinity;
    let sending = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let stopFollowing = () => {};

    const send = (position: Coordinates) => {
      lastSentAt = Date.now();
      unsent = false;
      sending = true;
      void sendPosition(orderId, position)
        .catch((error: unknown) => {
          // Too soon: the fix may be the last one for a while (a driver waiting at the door moves no more),
          // so the newest is sent once the server takes one. Not theirs any more: nothing more is sent. Other
          // refusals (the delivery just ended) are not shown.
          if (stopped) return;
          if (wasReassigned(error)) {
            stop();
            reassigned();
            return;
          }
          if (!(error instanceof ApiError && error.status === 429)) return;
          retry = setTimeout(
            () => {
              retry = undefined;
              if (latest) send(latest);
            },
            (error.retryAfterSeconds ?? SHARE_INTERVAL_MS / 1000) * 1000,
          );
        })
        .finally(() => {
          sending = false;
        });
    };

    const resend = setInterval(() => {
      if (!latest || sending || retry !== undefined) return;
      const since = Date.now() - lastSentAt;
      if ((unsent && since >= SHARE_INTERVAL_MS) || since >= STILL_HERE_MS) send(latest);
    }, SHARE_INTERVAL_MS);

    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(retry);
      clearInterval(resend);
      stopFollowing();
    };
    stopFollowing = followDevicePosition({
      onPosition: (position) => {
        latest = position;
        unsent = true;
        setState('on');
        if (sending || retry !== undefined || Date.now() - lastSentAt < SHARE_INTERVAL_MS) return;
        send(position);
      },
      onError: ({ reason }) => {
        // The last fix is no longer where the device knows itself to be: it is not sent again.
        latest = null;
        setState(reason === 'denied' || reason === 'insecure' || reason === 'unsupported' ? reason : 'unavailable');
      },
    });
    return stop;
  }, [orderId]);
  return state;
}
