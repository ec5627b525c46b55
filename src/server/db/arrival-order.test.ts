import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbandonedWorkError, forRequest } from './request-work';
import { openDatabase, queryRows, type Database } from './client';

describe('the embedded database under concurrent work', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.db.execute(sql`create table counters (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into counters select id, 0 from generate_series(1, 20) id`);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A request's transaction: several statements, each awaited, as a use case runs them. */
  function addToCounter(id: number) {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`select n from counters where id = ${id} for update`);
      await tx.execute(sql`update counters set n = n + 1 where id = ${id}`);
    });
  }

  it('serves a read that arrives while transactions keep coming in its turn, not after all of them', async () => {
    const writers = 20;
    const transactionsEach = 10;
    let committed = 0;
    // Customers whose requests follow one another without the event loop turning in between.
    const busy = Array.from({ length: writers }, async (_, index) => {
      for (let round = 0; round < transactionsEach; round += 1) {
        await addToCounter(index + 1);
        committed += 1;
      }
    });
    // Requests read off the network meanwhile: each arrives in a later turn of the event loop.
    // How many transactions had committed when each read was answered.
    const servedAfter: number[] = [];
    const reads = Array.from({ length: writers }, async (_, index) => {
      await nextTurn();
      const [row] = await queryRows<{ n: number }>(database.db, sql`select n from counters where id = ${index + 1}`);
      expect(row?.n).toBeGreaterThanOrEqual(0);
      servedAfter.push(committed);
    });
    await Promise.all([...busy, ...reads]);

    expect(committed).toBe(writers * transactionsEach);
    // In arrival order a read waits for the transactions asked for before it: about one per writer.
    // Without it the reads could not even arrive before all 200 had committed.
    expect(Math.max(...servedAfter)).toBeLessThanOrEqual(2 * writers);
    const [total] = await queryRows<{ n: number }>(database.db, sql`select sum(n)::int as n from counters`);
    expect(total?.n).toBe(writers * transactionsEach);
  });

  it('runs units of work in the order they were asked for, each transaction whole', async () => {
    const order: string[] = [];
    const work = Array.from({ length: 30 }, (_, index) =>
      index % 3 === 0
        ? database.db.transaction(async (tx) => {
            order.push(`${index} begins`);
            await tx.execute(sql`select pg_sleep(0)`);
            await tx.execute(sql`update counters set n = n where id = 1`);
            order.push(`${index} ends`);
          })
        : database.db.execute(sql`select ${index}::int as index`).then(() => order.push(`${index}`)),
    );
    await Promise.all(work);
    const expected = Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? [`${index} begins`, `${index} ends`] : [`${index}`])).flat();
    expect(order).toEqual(expected);
  });

  it('keeps failing units from holding up the ones behind them', async () => {
    const failed = database.db.execute(sql`select * from no_such_table`);
    const next = queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    await expect(failed).rejects.toThrow();
    await expect(next).resolves.toEqual([{ one: 1 }]);
  });

  it('skips the work of a request whose client went away while it waited, and serves the ones behind it', async () => {
    const gone = new AbortController();
    const staying = new AbortController();
    const before = await queryRows<{ n: number }>(database.db, sql`select n from counters where id = 20`);
    // A long queue: the departed client's work is behind it, the staying client's work behind that.
    const ahead = Array.from({ length: 20 }, (_, index) => addToCounter(index + 1));
    const abandoned = forRequest(gone.signal, () => addToCounter(20));
    const served = forRequest(staying.signal, () => queryRows<{ n: number }>(database.db, sql`select n from counters where id = 20`));
    gone.abort();

    await expect(abandoned).rejects.toBeInstanceOf(AbandonedWorkError);
    await Promise.all(ahead);
    // The counter moved by the one transaction ahead of it only: the abandoned one never ran.
    await expect(served).resolves.toEqual([{ n: before[0]!.n + 1 }]);
  });
});
