import { sql } from 'drizzle-orm';
import type { WarehouseStaffMember } from '@/shared/contracts/locations';
import { queryRows, type Db } from '../db/client';

const jsonList = (values: readonly string[]) => sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const personColumns = sql`p.id as "profileId", coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) as name, u.email`;

/** Who works at each of some warehouses (warehouse staff, with names from auth), managers first, by name. */
export async function staffOfWarehouses(db: Db, warehouseIds: readonly string[]): Promise<Map<string, WarehouseStaffMember[]>> {
  const staff = new Map<string, WarehouseStaffMember[]>();
  if (warehouseIds.length === 0) return staff;
  const rows = await queryRows<WarehouseStaffMember & { warehouseId: string }>(
    db,
    sql`select ws.warehouse_id as "warehouseId", ws.role, ${personColumns}
      from warehouse_staff ws
      join profiles p on p.id = ws.profile_id
      join "user" u on u.id = p.user_id
      where ws.warehouse_id in ${jsonList(warehouseIds)}
      order by ws.role desc, name, p.id`,
  );
  for (const { warehouseId, ...member } of rows) staff.set(warehouseId, [...(staff.get(warehouseId) ?? []), member]);
  return staff;
}

/** Managers and drivers whose name or email matches, for the admin to assign to a warehouse. */
export async function findStaffCandidates(db: Db, options: { q?: string; limit: number }): Promise<WarehouseStaffMember[]> {
  const search = options.q ? sql`and (u.email ilike ${likePattern(options.q)} or concat_ws(' ', p.first_name, p.last_name) ilike ${likePattern(options.q)})` : sql``;
  return queryRows<WarehouseStaffMember>(
    db,
    sql`select p.role::text as role, ${personColumns}
      from profiles p
      join "user" u on u.id = p.user_id
      where p.role::text in ('manager', 'driver') ${search}
      order by name, p.id
      limit ${options.limit}`,
  );
}

/** The role of each of some profiles that exist. */
export async function rolesOfProfiles(db: Db, profileIds: readonly string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; role: string }>(db, sql`select p.id, p.role::text as role from profiles p where p.id in ${jsonList(profileIds)}`);
  return new Map(rows.map((row) => [row.id, row.role]));
}
