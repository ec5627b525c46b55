import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, STARTUP_APPLICATION_NAME, type Database } from './client';

// Tests configure themselves from the environment; the app's own config still goes through env.ts only.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.skipIf(!serverUrl)('the start-up lock on PostgreSQL', () => {
  const name = `fc_lock_${randomBytes(6).toString('hex')}`;
  // Two instances of the app on one database.
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    first = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
    second = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('lets one instance in at a time, and tells the one that waits', async () => {
    const order: string[] = [];
    const held = gate();
    const entered = gate();
    const holding = first.withStartupLock(async () => {
      order.push('first in');
      entered.open();
      await held.opened;
      order.push('first out');
    });
    await entered.opened;
    const waiting = second.withStartupLock(async () => void order.push('second in'), { onWait: () => order.push('second waits') });
    await tick();
    expect(order).toEqual(['first in', 'second waits']);
    held.open();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['first in', 'second waits', 'first out', 'second in']);
  });

  it('is free again after a start that failed', async () => {
    await expect(first.withStartupLock(() => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
    await expect(second.withStartupLock(async () => 'second')).resolves.toBe('second');
  });

  it('is free again when the instance holding it dies', async () => {
    const entered = gate();
    const never = gate();
    const holding = first.withStartupLock(async () => {
      entered.open();
      await never.opened;
    });
    await entered.opened;
    // The holder's connection ends as a killed process's would.
    await admin((client) =>
      client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2', [name, STARTUP_APPLICATION_NAME]),
    );
    await expect(second.withStartupLock(async () => 'second')).resolves.toBe('second');
    never.open();
    await holding;
  });
});
