import { EARTH_RADIUS_MILES } from './locations';

/** Delivery times (PRODUCT.md "Orders"), shared by the server that enforces them and the checkout page. */

/** Warehouses deliver from 08:00 to 22:00 of their own clock, in hour-long windows. */
export const WAREHOUSE_DELIVERY_HOURS = { opens: 8, closes: 22 } as const;

/** Windows are offered for today and tomorrow. */
export const DELIVERY_WINDOW_DAYS = 2;

export const WINDOW_MINUTES = 60;

/** The average speed a driver covers the distance at, for estimates. */
export const AVERAGE_SPEED_MPH = 20;

/** No delivery takes less than this on the road, however close. */
export const MIN_TRAVEL_MINUTES = 10;

/** Travel for an address that could not be placed on the map (no coordinates). */
export const UNPLACED_TRAVEL_MINUTES = 30;

/** Minutes on the road for a distance; unknown distances get a fixed guess. */
export function travelMinutes(distanceMiles: number | null): number {
  if (distanceMiles === null) return UNPLACED_TRAVEL_MINUTES;
  return Math.max(MIN_TRAVEL_MINUTES, Math.ceil((distanceMiles / AVERAGE_SPEED_MPH) * 60));
}

/** Great-circle (haversine) distance between two points, in miles. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
