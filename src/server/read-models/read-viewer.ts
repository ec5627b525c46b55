import { sql } from 'drizzle-orm';
import { preparedQuery } from '../db/client';

export interface ViewerRow {
  userId: string;
  email: string;
  profileId: string;
  role: string;
  warehouseIds: string[];
  kitchenIds: string[];
}

/**
 * The viewer of a session token: account (auth), the warehouses they work at in their current role
 * (locations) and the kitchens they own (kitchens). It joins three modules' tables because every API
 * call runs it and one round trip matters more here than going through each module; it only reads.
 * A deactivated account has no viewer, whatever session may be left.
 */
export const readViewer = preparedQuery<{ token: string }, ViewerRow>(
  'read_session_viewer',
  ({ token }) => sql`select s.user_id as "userId", u.email, p.id as "profileId", p.role,
      array(select ws.warehouse_id::text from warehouse_staff ws
            where ws.profile_id = p.id and ws.role::text = p.role::text order by ws.warehouse_id) as "warehouseIds",
      array(select k.id::text from cloud_kitchens k where k.profile_id = p.id order by k.id) as "kitchenIds"
    from session s
    join "user" u on u.id = s.user_id
    join profiles p on p.user_id = s.user_id
    where s.token = ${token} and s.expires_at > now() and p.deactivated_at is null`,
);
