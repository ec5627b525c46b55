import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

export type DatabaseKind = Database['kind'];

// Tests configure themselves from the environment; the app's own config still goes through env.ts only.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** PGlite always; a PostgreSQL server too when TEST_DATABASE_URL points at one. */
export const databaseKinds: DatabaseKind[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

function migrationsHash() {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  // A PGlite upgrade may change the data directory format; its package.json is not exported, so find it.
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return hash.update(readFileSync(path.join(folder, 'package.json'))).digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory, made once and kept in the temp folder: initialising PGlite takes
 * seconds while loading a snapshot takes well under one, and every test file wants a fresh database.
 * The snapshot's name carries a hash of the migrations, so a changed migration makes a new one.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `freshcart-pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const blob = await client.dumpDataDir('none');
      // Parallel test workers may race here; each writes its own file and the rename is atomic.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, new Uint8Array(await blob.arrayBuffer()));
      renameSync(partial, file);
      // Snapshots of older migrations are never read again; at 40 MB each they would pile up.
      for (const name of readdirSync(tmpdir())) {
        const stale = path.join(tmpdir(), name);
        if (/^freshcart-pglite-[0-9a-f]{16}\.tar$/.test(name) && stale !== file) rmSync(stale, { force: true });
      }
      return blob;
    } finally {
      await database.close();
    }
  })();
  return template;
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the given kind, its own and nobody else's. On PostgreSQL it is a new database
 * on the test server, dropped again on close, so files running in parallel never see each other's rows.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', loadDataDir: await migratedTemplate() });
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');

  const name = `fc_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(serverUrl, async (client) => {
        // The pool's connections say goodbye asynchronously; forcing them off while they still do
        // makes the server send a FATAL to a client nobody listens to any more.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await client.query<{ count: number }>(
            'select count(*)::int as count from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.count === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
