import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/order-status';
import { queryRows, type Db } from '../db/client';

const uuidList = (ids: readonly string[]) => sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

export interface ShiftDelivery {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  dropOff: string;
  driverProfileId: string;
}

/** The drivers' names and phones and the orders each is driving now (auth, orders). */
export async function driverDetails(db: Db, driverIds: readonly string[]) {
  if (driverIds.length === 0) return { people: [], deliveries: [] };
  const [people, deliveries] = await Promise.all([
    queryRows<{ profileId: string; name: string; phone: string }>(
      db,
      sql`select p.id as "profileId", coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) as name, coalesce(p.phone, '') as phone
        from profiles p join "user" u on u.id = p.user_id where p.id in ${uuidList(driverIds)} order by name`,
    ),
    queryRows<ShiftDelivery>(
      db,
      sql`select o.id as "orderId", o.order_number as "orderNumber", o.status, o.driver_profile_id as "driverProfileId",
          concat_ws(', ', o.street_address, o.city, o.state || ' ' || o.zip_code) as "dropOff"
        from orders o
        where o.driver_profile_id in ${uuidList(driverIds)} and o.status in ('confirmed', 'processing', 'ready', 'out_for_delivery')
        order by o.placed_at`,
    ),
  ]);
  return { people, deliveries };
}
