import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '@/shared/locations';

/**
 * Great-circle distance in miles between a row's coordinates and a point, computed by the database so
 * it can filter and sort. `least(1, …)` guards asin against rounding just above 1 for antipodal points.
 */
export function haversineMiles(latitudeColumn: SQL, longitudeColumn: SQL, point: { latitude: number; longitude: number }): SQL {
  const lat = sql`${point.latitude}::double precision`;
  const lng = sql`${point.longitude}::double precision`;
  return sql`(${EARTH_RADIUS_MILES}::double precision * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${latitudeColumn}) / 2), 2)
    + cos(radians(${latitudeColumn})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${longitudeColumn}) / 2), 2)
  ))))`;
}
