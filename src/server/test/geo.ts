import { EARTH_RADIUS_MILES } from '@/shared/locations';

/** A point `miles` due north of another: along a meridian the haversine distance is exactly R·Δφ. */
export function northOf(point: { latitude: number; longitude: number }, miles: number) {
  return { latitude: point.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI), longitude: point.longitude };
}
