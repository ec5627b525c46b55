import { sql } from 'drizzle-orm';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { mediaUrl } from '../catalog/media-urls';
import { cloudKitchens } from './kitchens.tables';
import { isOpenAt } from './opening-hours';

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

export function toSummary(row: KitchenRow, now: Date, distanceMiles: number | null = null): KitchenSummary {
  const { imageUrl, isOpen, openingHours, timeZone, ...rest } = row;
  return {
    ...rest,
    image: imageUrl ?? mediaUrl.kitchen(row.id),
    openNow: isOpenAt({ hours: openingHours, timeZone, isOpen, now }),
    rating: null,
    ratingCount: 0,
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
  return rows.map((row) => toSummary(row, now));
}
