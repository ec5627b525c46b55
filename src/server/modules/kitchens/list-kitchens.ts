import { sql } from 'drizzle-orm';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { queryRows, type Db } from '../../db/client';
import { mediaUrl } from '../catalog/media-urls';
import type { OpeningHours } from './kitchens.tables';
import { isOpenAt } from './opening-hours';

export type KitchenRow = Omit<KitchenSummary, 'image' | 'openNow' | 'rating' | 'ratingCount' | 'distanceMiles'> & {
  imageUrl: string | null;
  isOpen: boolean;
  openingHours: OpeningHours[];
  timeZone: string;
};

export const kitchenColumns = sql`k.id, k.business_name as "businessName", k.kitchen_type as "kitchenType", k.cuisine, k.description,
  k.image_url as "imageUrl", k.city, k.state, k.prep_time_minutes as "prepTimeMinutes", k.is_open as "isOpen",
  k.opening_hours as "openingHours", k.time_zone as "timeZone"`;

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
  const rows = await queryRows<KitchenRow>(
    options.db,
    sql`select ${kitchenColumns} from cloud_kitchens k where k.approved and k.active order by k.business_name`,
  );
  const now = options.now ?? new Date();
  return rows.map((row) => toSummary(row, now));
}
