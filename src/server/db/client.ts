import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/**
 * The drizzle database both drivers give us; code is written against this only. The drivers are
 * built with the full schema (drizzle needs it), but this type leaves it out: `db.query.<table>`
 * would hand every module every table, and a module uses only its own tables, which it imports
 * (ADR 010).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Per-connection settings. Typo-tolerant search matches a word when at least 45 % of its trigrams
 * agree ('chiken' → 'chicken' scores 0.5; the extension's default 0.6 misses it).
 */
const trigramThreshold = 'pg_trgm.word_similarity_threshold=0.45';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined means an in-memory database. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10, options: `-c ${trigramThreshold}` });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // One process at a time: a second one would write its own copy of the files (data-dir-lock.ts).
  const lock = target.dataDir ? lockDataDir(target.dataDir) : undefined;
  const client = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  await client.exec(`set ${trigramThreshold.replace('=', ' = ')}`);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close().finally(() => lock?.release()),
  };
}

/**
 * Columns of one table, picked by their schema names, for a raw SQL select list. The select list and
 * the row type come from the same table definition, so a renamed column cannot leave a stale cast
 * behind; values are decoded the way drizzle decodes them (numeric and bigint to numbers, timestamps
 * to dates), whichever driver read them.
 */
export interface TableColumns<Row> {
  readonly sql: SQL;
  decode(raw: Record<string, unknown>): Row;
}

export function tableColumns<T extends Table, K extends keyof InferSelectModel<T> & string>(
  table: T,
  alias: string,
  keys: readonly K[],
): TableColumns<Pick<InferSelectModel<T>, K>> {
  const columns = getTableColumns(table) as Record<string, { name: string; mapFromDriverValue(value: unknown): unknown }>;
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of this table`);
    return { key, column };
  });
  return {
    sql: sql.join(
      picked.map(({ key, column }) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
      sql`, `,
    ),
    decode(raw) {
      const row: Record<string, unknown> = { ...raw };
      for (const { key, column } of picked) if (raw[key] !== null && raw[key] !== undefined) row[key] = column.mapFromDriverValue(raw[key]);
      return row as Pick<InferSelectModel<T>, K>;
    },
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. Columns read through `tableColumns` are typed and decoded from the schema. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]>;
export async function queryRows<Row, Computed = unknown>(db: Db, query: SQL, columns: TableColumns<Row>): Promise<(Row & Computed)[]>;
export async function queryRows(db: Db, query: SQL, columns?: TableColumns<unknown>): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return columns ? result.rows.map((row) => columns.decode(row)) : result.rows;
}

const dialect = new PgDialect();

function runPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  return (db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute() as Promise<{ rows: T[] }>).then(
    (result) => result.rows,
  );
}

const preparedNames = new Set<string>();

/**
 * A raw SQL query run as a named prepared statement. PostgreSQL parses and plans it once per
 * connection instead of on every call, which for the many-join queries of hot paths costs more than
 * running them. (The embedded database has no named statements and runs it as a plain query.)
 *
 * A name must always stand for the same SQL text, or PostgreSQL runs the wrong statement (and only
 * PostgreSQL: the embedded database never notices). So statements are declared once, when their
 * module loads, and a second declaration of a name throws at start-up; `build` must give the same
 * text for every parameter value (values go in as parameters, never as SQL).
 */
export function preparedQuery<Params, Row>(name: string, build: (params: Params) => SQL): (db: Db, params: Params) => Promise<Row[]> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Prepared statement name "${name}" must be lower snake case`);
  if (preparedNames.has(name)) throw new Error(`Prepared statement name "${name}" is declared twice`);
  preparedNames.add(name);
  return (db, params) => runPrepared<Row>(db, name, build(params));
}
