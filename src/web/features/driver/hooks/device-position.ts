import type { Coordinates } from '@/shared/contracts/locations';
import { watchPosition, type LocationError } from '@/web/lib/platform';

type Follower = { onPosition: (position: Coordinates) => void; onError: (error: LocationError) => void };

const followers = new Set<Follower>();
let stopWatching: (() => void) | null = null;
let latest: { position: Coordinates } | { error: LocationError } | null = null;

/**
 * Follows the device position for as long as the returned function is not called. Every delivery a driver
 * carries follows the same single watch: a device gives a new watch no fix until it moves (a browser
 * emulating one never does), so a delivery picked up while another is on its way starts from the
 * latest fix at once instead of waiting for the next.
 */
export function followDevicePosition(follower: Follower): () => void {
  followers.add(follower);
  if (latest) {
    if ('position' in latest) follower.onPosition(latest.position);
    else follower.onError(latest.error);
  }
  stopWatching ??= watchPosition({
    onPosition: (position) => {
      latest = { position };
      for (const each of followers) each.onPosition(position);
    },
    onError: (error) => {
      latest = { error };
      for (const each of followers) each.onError(error);
    },
  });
  return () => {
    followers.delete(follower);
    if (followers.size > 0) return;
    stopWatching?.();
    stopWatching = null;
    latest = null;
  };
}
