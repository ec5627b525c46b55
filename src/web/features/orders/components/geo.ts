import { orderCopy } from '@/shared/copy';

export interface Point {
  latitude: number;
  longitude: number;
}

/** '2.4 mi', or '0.1 mi' at the door. */
export function formatMiles(miles: number): string {
  return orderCopy.map.miles(Math.max(0.1, Math.round(miles * 10) / 10).toFixed(1));
}
