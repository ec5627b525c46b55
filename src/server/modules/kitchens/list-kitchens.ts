import { sql } from 'drizzle-orm';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { kitchenRatings } from '../../read-models/rating-summaries';
import { mediaUrl } from '../catalog/media-urls';
import { cloudKitchens } from './kitchens.tables';
import { openingState } from './opening-hours';

/** The columns of a kitchen card, read from `cloud_kitchens k`. */
export const kitchenKeys = [
  'id',
  'businessName',
  'kitchenType',
  'cuisine',
  'description',
  'imageUrl',
  'city',
  'state',
  'prepTimeMinutes',
  'isOpen',
  'openingHours',
  'timeZone',
] as const;
export const kitchenColumns = tableColumns(cloudKitchens, 'k', kitchenKeys);
export type KitchenRow = Pick<typeof cloudKitchens.$inferSelect, (typeof kitchenKeys)[number]>;

export interface KitchenRating {
  average: number | null;
  count: number;
}

const unrated: KitchenRating = { average: null, count: 0 };

/** Each kitchen's rating: the average of all its dishes' ratings (none when no dish is rated yet). */
export async function ratingsOfKitchens(db: Db, kitchenIds: readonly string[]): Promise<(id: string) => KitchenRating> {
  const ratings = await kitchenRatings(db, kitchenIds);
  return (id) => ratings.get(id) ?? unrated;
}

export function toSummary(row: KitchenRow, now: Date, distanceMiles: number | null = null, rating: KitchenRating = unrated): KitchenSummary {
  const { imageUrl, isOpen, openingHours, timeZone, ...rest } = row;
  return {
    ...rest,
    image: imageUrl ?? mediaUrl.kitchen(row.id),
    ...openingState({ hours: openingHours, timeZone, isOpen, now }),
    rating: rating.average,
    ratingCount: rating.count,
    distanceMiles,
  };
}

/** Approved, active kitchens, by name. */
export async function listKitchens(options: { db: Db; now?: Date }): Promise<KitchenSummary[]> {
  const rows = await queryRows(
    options.db,
    sql`select ${kitchenColumns.sql} from cloud_kitchens k where k.approved and k.active order by k.business_name`,
    kitchenColumns,
  );
  const now = options.now ?? new Date();
  const ratingOf = await ratingsOfKitchens(options.db, rows.map((row) => row.id));
  return rows.map((row) => toSummary(row, now, null, ratingOf(row.id)));
}
