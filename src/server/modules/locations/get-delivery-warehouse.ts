import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';

/** What checkout needs of the warehouse that delivers an order: where it is, how far, how fast and how much per hour. */
export interface DeliveryWarehouse {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  state: string;
  deliveryRadiusMiles: number;
  deliveryFeeCents: number;
  windowCapacity: number;
  pickTimeMinutes: number;
  timeZone: string;
}

// On every placement: prepared, so PostgreSQL plans it once per connection.
const deliveryWarehouse = preparedQuery<{ warehouseId: string }, DeliveryWarehouse>(
  'delivery_warehouse',
  ({ warehouseId }) => sql`select id, name, latitude, longitude, state, delivery_radius_miles as "deliveryRadiusMiles",
      delivery_fee_cents as "deliveryFeeCents", window_capacity as "windowCapacity", pick_time_minutes as "pickTimeMinutes", time_zone as "timeZone"
    from warehouses where id = ${warehouseId} and active`,
);

/** The warehouse, when it is active; null when it does not exist or has stopped delivering. */
export async function getDeliveryWarehouse(options: { db: Db; warehouseId: string }): Promise<DeliveryWarehouse | null> {
  const [row] = await deliveryWarehouse(options.db, { warehouseId: options.warehouseId });
  return row ?? null;
}
