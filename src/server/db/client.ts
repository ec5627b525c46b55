import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database both drivers give us; code is written against this only. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Rows of a raw SQL query run as a named prepared statement. PostgreSQL parses and plans it once per
 * connection instead of on every call, which for the many-join queries of hot paths costs more than
 * running them. The name must always stand for the same SQL text. (The embedded database has no
 * named statements and runs it as a plain query.)
 */
export async function preparedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const result = (await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}
