import { sql } from 'drizzle-orm';
import type { OrderStatus, OrderType } from '@/shared/order-status';
import { preparedQuery, queryRows, type Db } from '../db/client';

/**
 * Who an order concerns, for notifications (orders, kitchens, locations): its customer, the people
 * who prepare it (the kitchen's owner, or the warehouse's managers) and the warehouse's drivers on
 * shift, to whom an order nobody drives yet is offered.
 */
export interface OrderAudience {
  orderNumber: string;
  type: OrderType;
  status: OrderStatus;
  customerProfileId: string;
  driverProfileId: string | null;
  operatorProfileIds: string[];
  driversOnShiftProfileIds: string[];
}

// Every instance reads it for every order event: prepared, so PostgreSQL plans it once per connection.
const audienceOf = preparedQuery<{ orderId: string }, OrderAudience>(
  'order_audience',
  ({ orderId }) =>
    sql`select o.order_number as "orderNumber", o.type, o.status, o.customer_profile_id as "customerProfileId",
        o.driver_profile_id as "driverProfileId",
        array(
          select k.profile_id::text from cloud_kitchens k where k.id = o.cloud_kitchen_id
          union
          select s.profile_id::text from warehouse_staff s
            where o.cloud_kitchen_id is null and s.warehouse_id = o.warehouse_id and s.role = 'manager'
        ) as "operatorProfileIds",
        array(
          select s.profile_id::text from warehouse_staff s join driver_availability a on a.profile_id = s.profile_id and a.available
            where s.warehouse_id = o.warehouse_id and s.role = 'driver'
        ) as "driversOnShiftProfileIds"
      from orders o where o.id = ${orderId}`,
);

export async function orderAudience(db: Db, orderId: string): Promise<OrderAudience | undefined> {
  const [row] = await audienceOf(db, { orderId });
  return row;
}

/** A customer's address and first name, for the mail they are sent (auth). */
export async function customerContact(db: Db, profileId: string): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await queryRows<{ email: string; firstName: string }>(
    db,
    sql`select u.email, coalesce(p.first_name, '') as "firstName" from profiles p join "user" u on u.id = p.user_id where p.id = ${profileId}`,
  );
  return row;
}
