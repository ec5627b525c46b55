import { Socket } from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-database';
import { commitWith, preparedQuery, queryRows, sessionsOf, tableColumns, type Database, type Db } from './client';
import { discounts } from './schema';

const probeNumbers = preparedQuery<{ n: number }, { n: number }>('test_probe_numbers', ({ n }) => sql`select ${n}::int + 1 as n`);
const planCounts = preparedQuery<{ name: string }, { generic: string; custom: string }>(
  'test_plan_counts',
  ({ name }) => sql`select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = ${name}`,
);
const probeInTransaction = preparedQuery<{ n: number }, { n: number }>('test_probe_in_transaction', ({ n }) => sql`select ${n}::int as n`);
const probeTypes = preparedQuery<{ at: string }, Record<string, unknown>>(
  'test_probe_types',
  ({ at }) => sql`select ${at}::timestamptz as at, ${at}::timestamptz::date as day, array[${at}::timestamptz] as ats, interval '90 minutes' as span,
    12::bigint as big, 1.5::numeric as amount, true as yes, array[1, 2] as ints, '{"a":1}'::jsonb as doc`,
);
const probeFailure = preparedQuery<{ n: number }, unknown>('test_probe_failure', ({ n }) => sql`select 1 / ${n}::int as n`);
const probeInsert = preparedQuery<{ n: number }, { n: number }>('test_probe_insert', ({ n }) => sql`insert into test_commit_with (n) values (1 / ${n}::int) returning n`);

describe('prepared statement names', () => {
  it('are unique by construction: declaring a name twice throws when the module loads', () => {
    expect(() => preparedQuery('test_probe_numbers', () => sql`select 2`)).toThrow(/declared twice/);
    expect(() => preparedQuery('Bad-Name', () => sql`select 1`)).toThrow(/lower snake case/);
  });
});

describe('the database type', () => {
  it("offers no relational query over the full schema, which would hand a module every module's tables (checked by tsc)", () => {
    // @ts-expect-error -- `db.query.<table>` is not part of Db (ADR 010).
    const reach = (db: Db) => db.query.warehouses;
    expect(typeof reach).toBe('function');
  });
});

describe.each(databaseKinds)('queries on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('prepared: answer with rows for the parameters of each call', async () => {
    expect(await probeNumbers(database.db, { n: 1 })).toEqual([{ n: 2 }]);
    expect(await probeNumbers(database.db, { n: 41 })).toEqual([{ n: 42 }]);
  });

  it.runIf(kind === 'postgres')('prepared: sent to the driver without building a drizzle query, answering values as drizzle does', async () => {
    const at = '2026-05-01T12:30:00.000Z';
    const asDrizzle = await queryRows(database.db, sql`select ${at}::timestamptz as at, ${at}::timestamptz::date as day, array[${at}::timestamptz] as ats,
      interval '90 minutes' as span, 12::bigint as big, 1.5::numeric as amount, true as yes, array[1, 2] as ints, '{"a":1}'::jsonb as doc`);
    const built = sessionsOf(database.db).map((session) => vi.spyOn(session, 'prepareQuery'));
    try {
      expect(await probeTypes(database.db, { at })).toEqual(asDrizzle);
      await database.db.transaction(async (tx) => {
        const inside = vi.spyOn(tx._.session, 'prepareQuery');
        expect(await probeTypes(tx, { at })).toEqual(asDrizzle);
        expect(inside).toHaveBeenCalledTimes(0);
      });
      for (const spy of built) expect(spy).toHaveBeenCalledTimes(0);
    } finally {
      for (const spy of built) spy.mockRestore();
    }
    // A failure is wrapped as drizzle wraps it, with the statement and the server's code.
    const failure = await probeFailure(database.db, { n: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).message).toMatch(/^Failed query: select 1 \/ \$1::int/);
    expect(((failure as DrizzleQueryError).cause as { code?: string }).code).toBe('22012');
  });

  it.runIf(kind === 'postgres')('a transaction sends its BEGIN with its first statement, in one write, and still rolls back on a failure', async () => {
    const writes = [vi.spyOn(Socket.prototype, '_write'), vi.spyOn(Socket.prototype, '_writev')];
    const written = () => writes.reduce((total, spy) => total + spy.mock.calls.length, 0);
    try {
      await database.db.transaction(async (tx) => {
        expect(await probeInTransaction(tx, { n: 7 })).toEqual([{ n: 7 }]);
        // BEGIN and the statement left together.
        expect(written()).toBe(1);
      });
      expect(written()).toBe(2);
    } finally {
      for (const spy of writes) spy.mockRestore();
    }
    const name = `test_rolled_back_${Date.now()}`;
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`create table ${name} (n int)`));
        await probeFailure(tx, { n: 0 });
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DrizzleQueryError);
    expect(await queryRows(database.db, sql`select 1 from pg_tables where tablename = ${name}`)).toEqual([]);
    expect(await probeInTransaction(database.db, { n: 8 })).toEqual([{ n: 8 }]);
  });

  it('a commit sent with the last statement: committed with it, or rolled back with it when it fails', async () => {
    await database.db.execute(sql`create table if not exists test_commit_with (n int)`);
    await database.db.execute(sql`truncate test_commit_with`);
    const writes = [vi.spyOn(Socket.prototype, '_write'), vi.spyOn(Socket.prototype, '_writev')];
    const written = () => writes.reduce((total, spy) => total + spy.mock.calls.length, 0);
    let whileOpen = 0;
    try {
      const rows = await database.db.transaction(async (tx) => {
        await probeInTransaction(tx, { n: 1 });
        const inserted = await commitWith(tx, () => probeInsert(tx, { n: 1 }));
        whileOpen = written();
        return inserted;
      });
      expect(rows).toEqual([{ n: 1 }]);
      // On PostgreSQL: BEGIN with the first statement, then the insert and the commit together; nothing after.
      if (kind === 'postgres') expect({ whileOpen, after: written() }).toEqual({ whileOpen: 2, after: 2 });
    } finally {
      for (const spy of writes) spy.mockRestore();
    }
    expect(await queryRows(database.db, sql`select n from test_commit_with`)).toEqual([{ n: 1 }]);

    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into test_commit_with (n) values (2)`);
        await commitWith(tx, () => probeInsert(tx, { n: 0 }));
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DrizzleQueryError);
    expect(await queryRows(database.db, sql`select n from test_commit_with`)).toEqual([{ n: 1 }]);
    // The connection serves the next transaction as usual.
    expect(await database.db.transaction((tx) => probeInTransaction(tx, { n: 3 }))).toEqual([{ n: 3 }]);
  });

  it.runIf(kind === 'postgres')('a commit sent with the last statement: refused when nothing was sent, and any statement after it refused', async () => {
    await database.db.execute(sql`create table if not exists test_commit_with (n int)`);
    const nothingSent = await database.db
      .transaction(async (tx) => commitWith(tx, async () => [{ n: 0 }]))
      .catch((error: unknown) => error);
    expect(String(nothingSent)).toMatch(/must be sent before the commit/);
    const late = await database.db
      .transaction(async (tx) => {
        await commitWith(tx, () => probeInTransaction(tx, { n: 4 }));
        await probeInTransaction(tx, { n: 5 });
      })
      .catch((error: unknown) => error);
    expect(String(late)).toMatch(/sent after its transaction's commit/);
  });

  it.runIf(kind === 'postgres')("a transaction builds no relational query for every table of the schema, which Db leaves out", async () => {
    const built = await database.db.transaction(async (tx) => Object.keys((tx as unknown as { query: object }).query));
    expect(built).toEqual([]);
  });

  it.runIf(kind === 'postgres')('prepared: kept by the connection under their name, so the server plans them once', async () => {
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await probeInTransaction(tx, { n });
      const kept = await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name = 'test_probe_in_transaction'`);
      expect(kept).toEqual([{ name: 'test_probe_in_transaction' }]);
    });
  });

  it.runIf(kind === 'postgres')('prepared, outside a transaction: planned once, never again for the values of a call', async () => {
    // The statement reads its own plan counters on the connection that runs it. By default PostgreSQL
    // plans the first five calls for their values ("custom" plans), and goes on doing so whenever it
    // judges that cheaper, as for a page whose size and offset are parameters.
    for (const call of [1, 2, 3]) {
      const [counts] = await planCounts(database.db, { name: 'test_plan_counts' });
      expect({ call, custom: Number(counts?.custom) }).toEqual({ call, custom: 0 });
      expect(Number(counts?.generic)).toBeGreaterThan(0);
    }
  });

  it('table columns: the select list and the row type come from the schema, decoded as drizzle decodes them', async () => {
    const columns = tableColumns(discounts, 'd', ['name', 'percentage', 'validUntil', 'minQuantity']);
    const rows = await queryRows<Pick<typeof discounts.$inferSelect, 'name' | 'percentage' | 'validUntil' | 'minQuantity'>, { doubled: number }>(
      database.db,
      sql`select ${columns.sql}, d.min_quantity * 2 as doubled
          from (values ('Tenth', 12.5::numeric(5,2), '2030-01-02T03:04:05Z'::timestamptz, 3)) as d(name, percentage, valid_until, min_quantity)`,
      columns,
    );
    expect(rows).toEqual([{ name: 'Tenth', percentage: 12.5, validUntil: new Date('2030-01-02T03:04:05Z'), minQuantity: 3, doubled: 6 }]);
    expect(() => tableColumns(discounts, 'd', ['nope' as 'name'])).toThrow(/not a column/);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('a PostgreSQL server that cuts the connections', () => {
  it('leaves the process running and the pool serving: idle and held connections cut by the server are replaced', async () => {
    const database = await createTestDatabase('postgres');
    const unhandled: unknown[] = [];
    const note = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', note);
    try {
      // Several idle connections in the pool, all of them cut as a restart cuts them.
      await Promise.all(Array.from({ length: 3 }, () => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))));
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [row] = await queryRows<{ n: number }>(database.db, sql`select 1 as n`);
      expect(row).toEqual({ n: 1 });

      // A connection a transaction holds between two of its queries, cut: the transaction fails, nothing else.
      const holding = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await tx.execute(sql`select 2`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      await expect(holding).rejects.toThrow();
      const [again] = await queryRows<{ n: number }>(database.db, sql`select 2 as n`);
      expect(again).toEqual({ n: 2 });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', note);
      await database.close();
    }
  });
});
