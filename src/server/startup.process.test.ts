import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoWarehouses } from './db/seed/demo';
import { exitOf, freePort, startServer, waitHealthy, withClient, type ServerProcess } from './test/server-process';

// Tests configure themselves from the environment; the app's own config still goes through env.ts only.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe('a start that fails', () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-startup-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('prints one line naming an unreachable DATABASE_URL, without its password, and exits non-zero', async () => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: `postgres://freshcart:s3cret-pass@127.0.0.1:${port}/shop`, PORT: '0', DATA_DIR: dataDir() });
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `FreshCart could not start: cannot reach the database at 127.0.0.1:${port}/shop (DATABASE_URL): nothing accepts connections there (ECONNREFUSED).`,
    ]);
    expect(server.stdout + server.stderr).not.toContain('s3cret-pass');
  });

  it('prints one line naming a port already in use, and exits non-zero', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const server = startServer({ PORT: String(port), DATA_DIR: dataDir(), SEED_DEMO: 'false' });
      const { code, lines } = await exitOf(server, 110_000);
      expect(code).toBe(1);
      expect(lines).toEqual([
        `FreshCart could not start: port ${port} on 127.0.0.1 is already in use (EADDRINUSE): stop what listens there, or set PORT to another port.`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    // The embedded database is made and migrated before the server listens: half a minute on a busy two-core machine.
  }, 120_000);

  it.skipIf(!serverUrl)('prints one line naming a database that does not exist, and exits non-zero', async () => {
    const url = new URL(serverUrl ?? 'postgres://localhost');
    url.pathname = `/fc_missing_${randomBytes(6).toString('hex')}`;
    const server = startServer({ DATABASE_URL: url.toString(), PORT: '0', DATA_DIR: dataDir() });
    const { code, lines } = await exitOf(server);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `FreshCart could not start: the database at ${url.hostname}:${url.port || '5432'}${url.pathname} (DATABASE_URL) refused the connection: ` +
        `database "${url.pathname.slice(1)}" does not exist (3D000).`,
    ]);
  });
});

describe.skipIf(!serverUrl)('instances that start together on a new PostgreSQL database', () => {
  const name = `fc_startup_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(serverUrl ?? 'postgres://localhost');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const folders: string[] = [];
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    await withClient(serverUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  afterAll(async () => {
    await withClient(serverUrl!, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('migrates and seeds once while three servers start at the same moment, and all three serve', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const port of ports) {
      const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-startup-'));
      folders.push(folder);
      servers.push(startServer({ DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'true' }));
    }

    const health = await Promise.all(servers.map((server, index) => waitHealthy(server, ports[index]!, 90_000)));
    for (const answer of health) expect(answer).toEqual({ status: 'ok', database: { status: 'ok', kind: 'postgres' } });
    for (const server of servers) expect(server.stderr).toBe('');

    await withClient(databaseUrl, async (client) => {
      const users = await client.query<{ email: string; count: number }>(
        'select email, count(*)::int as count from "user" where email = any($1) group by email order by email',
        [demoAccounts.map((account) => account.email)],
      );
      expect(users.rows).toEqual(
        demoAccounts.map((account) => ({ email: account.email, count: 1 })).sort((a, b) => a.email.localeCompare(b.email)),
      );
      const warehouses = await client.query<{ count: number }>('select count(*)::int as count from warehouses');
      expect(warehouses.rows[0]!.count).toBe(demoWarehouses.length);
      const migrations = await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      const journal = await import('./db/migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(migrations.rows[0]!.count).toBe(journal.default.entries.length);
    });
  }, 150_000);
});
