import { sql } from 'drizzle-orm';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import type { Coordinates } from '@/shared/contracts/locations';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import { queryRows, type Db } from '../../db/client';
import { haversineMiles } from '../../lib/geo';
import { kitchenColumns, listKitchens, ratingsOfKitchens, toSummary, type KitchenRow } from './list-kitchens';

/**
 * Approved, active kitchens within delivery range of the customer, nearest first. Without distances
 * asked for, every approved kitchen by name.
 */
export async function listNearbyKitchens(options: { db: Db; point: Coordinates; calculateDistance: boolean; now?: Date }): Promise<KitchenSummary[]> {
  const { db, point, calculateDistance } = options;
  const now = options.now ?? new Date();
  if (!calculateDistance) return listKitchens({ db, now });
  const distance = haversineMiles(sql`k.latitude`, sql`k.longitude`, point);
  const rows = await queryRows<KitchenRow, { distanceMiles: number }>(
    db,
    sql`select * from (
          select ${kitchenColumns.sql}, ${distance} as "distanceMiles"
          from cloud_kitchens k
          where k.approved and k.active and k.latitude is not null and k.longitude is not null
        ) nearby
        where "distanceMiles" <= ${DELIVERY_RANGE_MILES}
        order by "distanceMiles", "businessName"`,
    kitchenColumns,
  );
  const ratingOf = await ratingsOfKitchens(db, rows.map((row) => row.id));
  return rows.map(({ distanceMiles, ...row }) => toSummary(row, now, Math.round(Number(distanceMiles) * 10) / 10, ratingOf(row.id)));
}
