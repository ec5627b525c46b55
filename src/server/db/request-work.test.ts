import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-database';
import { queryRows, type Database } from './client';
import { AbandonedWorkError, forRequest } from './request-work';

describe.each(databaseKinds)('a request whose client goes away, on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table visits (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into visits values (1, 0)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const visits = async () => (await queryRows<{ n: number }>(database.db, sql`select n from visits where id = 1`))[0]!.n;
  const visit = () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select n from visits where id = 1 for update`);
      await tx.execute(sql`update visits set n = n + 1 where id = 1`);
    });

  /**
   * Work that keeps every connection busy for a while, so what is asked for next waits its turn: on
   * PostgreSQL more sleeping statements than the pool has connections, on the embedded database (one
   * connection, served in arrival order) a queue of transactions.
   */
  const busy = () =>
    kind === 'postgres'
      ? Array.from({ length: 6 }, () => database.db.execute(sql`select pg_sleep(0.3)`))
      : Array.from({ length: 20 }, () => database.db.execute(sql`select count(*) from generate_series(1, 20000)`));

  it("skips a departed client's work that had not begun, and serves the client behind it", async () => {
    const before = await visits();
    const gone = new AbortController();
    const staying = new AbortController();
    const ahead = busy();
    const abandoned = forRequest(gone.signal, () => visit());
    const served = forRequest(staying.signal, async () => {
      await visit();
      return visits();
    });
    gone.abort();

    await expect(abandoned).rejects.toBeInstanceOf(AbandonedWorkError);
    await Promise.all(ahead);
    // Only the staying client's visit counted: the departed one's transaction never began.
    await expect(served).resolves.toBe(before + 1);
  });

  it('finishes the work of a request that had begun when its client went away', async () => {
    const before = await visits();
    const leaving = new AbortController();
    const finished = forRequest(leaving.signal, async () => {
      await visit();
      leaving.abort();
      // The use case's second step still runs: a request is never cut between two of its transactions.
      const ahead = busy();
      await visit();
      await Promise.all(ahead);
    });

    await expect(finished).resolves.toBeUndefined();
    expect(await visits()).toBe(before + 2);
  });

  it('runs work outside any request as before', async () => {
    await expect(queryRows<{ one: number }>(database.db, sql`select 1 as one`)).resolves.toEqual([{ one: 1 }]);
  });
});
