import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-database';
import { preparedRows, queryRows, type Database } from './client';

describe.each(databaseKinds)('prepared queries on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answer with rows for the parameters of each call', async () => {
    const probe = (n: number) => preparedRows<{ n: number }>(database.db, 'probe_numbers', sql`select ${n}::int + 1 as n`);
    expect(await probe(1)).toEqual([{ n: 2 }]);
    expect(await probe(41)).toEqual([{ n: 42 }]);
  });

  it.runIf(kind === 'postgres')('are kept by the connection under their name, so the server plans them once', async () => {
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await preparedRows(tx, 'probe_in_transaction', sql`select ${n}::int as n`);
      const kept = await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name = 'probe_in_transaction'`);
      expect(kept).toEqual([{ name: 'probe_in_transaction' }]);
    });
  });
});
