import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-database';
import { LISTENER_APPLICATION_NAME, openDatabase, type Database } from './client';

const notify = (database: Database, channel: string, payload: string) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseKinds)('LISTEN on %s', (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('hears what is committed, never what is rolled back, until it stops listening', async () => {
    database = await createTestDatabase(kind);
    const heard: string[] = [];
    const stop = await database.listen('test_channel', (payload) => heard.push(payload));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('test_channel', 'rolled back')`);
        throw new Error('undo');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('test_channel', 'committed')`);
    });
    await until(() => heard.length > 0);
    await stop();
    await notify(database, 'test_channel', 'after');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['committed']);
  });

  it('refuses a channel name that is not lower snake case', async () => {
    database = await createTestDatabase(kind);
    await expect(database.listen('orders; drop table orders', () => undefined)).rejects.toThrow(/snake case/);
  });

  it.runIf(kind === 'postgres')('listens on one connection of its own, made again after it is killed, and closes it with the database', async () => {
    database = await createTestDatabase(kind);
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    // A second handle on the same database, closed by the test while the database still exists.
    const listening = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
    let closed = false;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [
            LISTENER_APPLICATION_NAME,
          ])
        ).rows.map((row) => row.pid);
      const heard: string[] = [];
      let reconnections = 0;
      await listening.listen('first_channel', (payload) => heard.push(`first:${payload}`), { onReconnect: () => (reconnections += 1) });
      await listening.listen('second_channel', (payload) => heard.push(`second:${payload}`));
      const before = await listeners();
      expect(before).toHaveLength(1);

      await admin.query('select pg_terminate_backend($1)', [before[0]]);
      await until(() => reconnections === 1);
      const after = await listeners();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before[0]);
      // Both channels are listened to again.
      await notify(database, 'first_channel', 'a');
      await notify(database, 'second_channel', 'b');
      await until(() => heard.length === 2);
      expect(heard).toEqual(['first:a', 'second:b']);

      await listening.close();
      closed = true;
      await until(async () => (await listeners()).length === 0);
    } finally {
      if (!closed) await listening.close();
      await admin.end();
    }
  });
});
