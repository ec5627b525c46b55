import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../db/client';

const selectOrderByNumberAndEmail = preparedQuery<{ orderNumber: string; email: string }, { id: string }>(
  'find_order_by_number_and_email',
  ({ orderNumber, email }) => sql`select o.id
    from orders o
    join profiles p on p.id = o.customer_profile_id
    join "user" u on u.id = p.user_id
    where o.order_number = ${orderNumber} and lower(u.email) = lower(${email})`,
);

/**
 * The order with this number placed by the account with this email (orders and auth), or nothing:
 * an unknown number and a known one with another email look the same to the caller. It only reads.
 */
export async function findOrderByNumberAndEmail(options: { db: Db; orderNumber: string; email: string }): Promise<string | undefined> {
  const [row] = await selectOrderByNumberAndEmail(options.db, { orderNumber: options.orderNumber, email: options.email });
  return row?.id;
}
