import { sql, type SQL } from 'drizzle-orm';
import type { ReturnRequest } from '@/shared/contracts/orders';
import { queryRows, type Db } from '../db/client';

export interface ReturnQueueFilters {
  status?: ReturnRequest['status'];
  q?: string;
  page: number;
  pageSize: number;
}

export interface ReturnQueueRow {
  id: string;
  customer: { profileId: string; name: string; email: string };
}

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A page of support's return queue (return requests, with their order's number and the customer from
 * auth), newest first, filtered and searched in the database. It only reads; the requests themselves
 * are read by the returns module.
 */
export async function readReturnQueue(db: Db, filters: ReturnQueueFilters): Promise<{ rows: ReturnQueueRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`r.status = ${filters.status}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(sql`(o.order_number ilike ${pattern} or u.email ilike ${pattern} or concat_ws(' ', p.first_name, p.last_name) ilike ${pattern})`);
  }
  const rows = await queryRows<{ id: string; profileId: string; name: string; email: string; total: number }>(
    db,
    sql`select r.id, p.id as "profileId", trim(concat_ws(' ', p.first_name, p.last_name)) as name, u.email,
        count(*) over ()::int as total
      from return_requests r
      join orders o on o.id = r.order_id
      join profiles p on p.id = r.customer_profile_id
      join "user" u on u.id = p.user_id
      where ${sql.join(conditions, sql` and `)}
      order by r.created_at desc, r.id desc
      limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`,
  );
  return {
    rows: rows.map((row) => ({ id: row.id, customer: { profileId: row.profileId, name: row.name || row.email, email: row.email } })),
    // The count rides on every row; a page past the end has none and says 0.
    total: rows[0]?.total ?? 0,
  };
}
