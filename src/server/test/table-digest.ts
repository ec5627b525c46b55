import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The name of every table the migrations made, the migration journal left out. */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return rows.map((row) => row.name);
}

/**
 * A digest of each table's whole content, in one round trip: rows are hashed in a fixed order, so two
 * digests are equal exactly when no row was added, removed or changed in between.
 */
export async function tableDigests(db: Db, names: readonly string[]): Promise<Record<string, string>> {
  const parts = names.map(
    (name) => `select '${name}' as name, md5(coalesce(string_agg(row_text, E'\\n' order by row_text), '')) as digest from (select t::text as row_text from "${name}" t) rows`,
  );
  const { rows } = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
