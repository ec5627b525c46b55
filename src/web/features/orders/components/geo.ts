import { EARTH_RADIUS_MILES } from '@/shared/locations';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles. */
export function milesBetween(a: Point, b: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** '2.4 mi', or '0.1 mi' at the door. */
export function formatMiles(miles: number): string {
  return `${Math.max(0.1, Math.round(miles * 10) / 10).toFixed(1)} mi`;
}
