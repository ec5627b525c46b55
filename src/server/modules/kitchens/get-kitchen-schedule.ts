import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';
import type { OpeningHours } from './kitchens.tables';

/** What checkout needs of a kitchen to promise a delivery time: where it is, its hours, how fast and how much it cooks. */
export interface KitchenSchedule {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  state: string;
  prepTimeMinutes: number;
  ordersPerHour: number;
  openingHours: OpeningHours[];
  timeZone: string;
  /** The owner's switch: off, the kitchen takes no order for now (pre-orders still). */
  isOpen: boolean;
}

const scheduleRow = preparedQuery<{ kitchenId: string }, KitchenSchedule>(
  'kitchen_schedule',
  ({ kitchenId }) => sql`select id, business_name as name, latitude, longitude, state, prep_time_minutes as "prepTimeMinutes",
      orders_per_hour as "ordersPerHour", opening_hours as "openingHours", time_zone as "timeZone", is_open as "isOpen"
    from cloud_kitchens where id = ${kitchenId}`,
);

export async function getKitchenSchedule(options: { db: Db; kitchenId: string }): Promise<KitchenSchedule | null> {
  const [row] = await scheduleRow(options.db, { kitchenId: options.kitchenId });
  return row ?? null;
}
