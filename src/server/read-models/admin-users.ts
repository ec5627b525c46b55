import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserPage } from '@/shared/contracts/admin';
import type { Role } from '@/shared/roles';
import { queryRows, type Db } from '../db/client';

interface UserRow {
  profileId: string;
  email: string;
  name: string;
  role: Role;
  warehouses: { id: string; name: string }[];
  createdAt: Date | string;
  deactivatedAt: Date | string | null;
  total: number;
}

/** Escapes LIKE's wildcards so a search for "a_b" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** People as the admin's users list shows them: account (auth) and the warehouses they work at (locations). */
function selectUsers(where: SQL, paging: SQL) {
  return sql`select p.id as "profileId", u.email,
      trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) as name, p.role,
      coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) order by w.name)
        from warehouse_staff ws join warehouses w on w.id = ws.warehouse_id
        where ws.profile_id = p.id and ws.role::text = p.role::text), '[]'::jsonb) as warehouses,
      p.created_at as "createdAt", p.deactivated_at as "deactivatedAt", count(*) over ()::int as total
    from profiles p join "user" u on u.id = p.user_id
    where ${where}
    order by u.email, p.id
    ${paging}`;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    profileId: row.profileId,
    email: row.email,
    name: row.name,
    role: row.role,
    warehouses: row.warehouses,
    createdAt: new Date(row.createdAt).toISOString(),
    deactivatedAt: row.deactivatedAt ? new Date(row.deactivatedAt).toISOString() : null,
  };
}

/** A page of people, searched by email or name and filtered by role, in email order. */
export async function listAdminUsers(db: Db, options: { q?: string; role?: Role; page: number; pageSize: number }): Promise<AdminUserPage> {
  const conditions: SQL[] = [sql`true`];
  if (options.role) conditions.push(sql`p.role = ${options.role}`);
  if (options.q) {
    const pattern = likePattern(options.q);
    conditions.push(sql`(u.email ilike ${pattern} or u.name ilike ${pattern}
      or (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ilike ${pattern})`);
  }
  const rows = await queryRows<UserRow>(
    db,
    selectUsers(sql.join(conditions, sql` and `), sql`limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`),
  );
  return { users: rows.map(toAdminUser), total: rows[0]?.total ?? 0, page: options.page, pageSize: options.pageSize };
}

/** One person as the users list shows them, or null. */
export async function adminUserOf(db: Db, profileId: string): Promise<AdminUser | null> {
  const [row] = await queryRows<UserRow>(db, selectUsers(sql`p.id = ${profileId}`, sql``));
  return row ? toAdminUser(row) : null;
}
