import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError, getTableColumns, sql, type InferSelectModel, type SQL, type Table, type TablesRelationalConfig } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inArrivalOrder } from './arrival-order';
import { skippingAbandonedWork } from './request-work';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/**
 * The drizzle database both drivers give us; code is written against this only. The drivers are
 * built with the full schema (drizzle needs it), but this type leaves it out: `db.query.<table>`
 * would hand every module every table, and a module uses only its own tables, which it imports
 * (ADR 010).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

type PgSessionOf = NodePgSession<Record<string, unknown>, TablesRelationalConfig>;

export interface ListenOptions {
  /**
   * Called after the connection that listens was lost and made again: notifications sent in between
   * were never delivered, so whoever relies on them reads what they missed.
   */
  onReconnect?: () => void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet. Several processes starting together call it within `withStartupLock`. */
  migrate(): Promise<void>;
  /**
   * Runs `run` while no other process runs its own `withStartupLock` on the same database, so that
   * instances starting together (a rolling deploy) migrate and seed one after another instead of
   * racing (ADR 034). On PostgreSQL a session-level advisory lock held by a connection of its own;
   * `onWait` is called when another process holds it. The embedded database is one process's alone
   * (data-dir-lock.ts), so there it simply runs.
   */
  withStartupLock<T>(run: () => Promise<T>, options?: { onWait?: () => void }): Promise<T>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (delivered on commit) until the answered function
   * is called. On PostgreSQL one connection of its own listens for every channel of the process.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
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
    const openPool = (settings: string, config: pg.PoolConfig = {}) => {
      const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10, options: `-c ${trigramThreshold} -c max_parallel_workers_per_gather=0 ${settings}`, ...config });
      // A connection the server cut (a restart, a failover) is an 'error' event: on the pool for an idle
      // one, on the connection itself for one a transaction holds between two queries. Unheard, either
      // ends the process. The pool drops the connection and the next query opens a new one; the request
      // that was using it fails and is answered 503 (lib/errors.ts).
      pool.on('error', () => undefined);
      pool.on('connect', (connection) => connection.on('error', () => undefined));
      return skippingAbandonedWork(pool);
    };
    // Pipelined: a statement goes out without waiting for the answer to the one before (see beginWithFirstStatement).
    const pool = openPool('', { pipeline: true } as pg.PoolConfig);
    const preparedPool = openPool('-c plan_cache_mode=force_generic_plan');
    const db = drizzlePg(pool, { schema });
    beginWithFirstStatement(db._.session as unknown as PgSessionOf, pool);
    preparedStatementsDb.set(db as unknown as Db, drizzlePg(preparedPool, { schema }) as unknown as Db);
    const listener = new PostgresListener(target.url);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      withStartupLock: (run, options) => withAdvisoryLock(target.url, STARTUP_LOCK_KEY, run, options),
      listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
      close: () => listener.close().finally(() => Promise.all([pool.end(), preparedPool.end()])),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // One process at a time: a second one would write its own copy of the files (data-dir-lock.ts).
  const lock = target.dataDir ? lockDataDir(target.dataDir) : undefined;
  const client = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    extensions: { pg_trgm, btree_gin },
  }).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  await client.exec(`set ${trigramThreshold.replace('=', ' = ')}`);
  const db = drizzlePglite(inArrivalOrder(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (run) => run(),
    // The embedded database lives in this process: its one connection cannot drop, so it never reconnects.
    async listen(channel, onPayload) {
      const unlisten = await client.listen(assertChannel(channel), onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close().finally(() => lock?.release()),
  };
}

const corked = new WeakSet<object>();

/**
 * Holds what is sent on a pipelined connection until this turn of the event loop has run, so the
 * statements it sends (BEGIN and the first statement, or reads asked for together) leave in one write.
 */
function writeTogether(client: pg.PoolClient | pg.Client) {
  const socket = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  if (corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  process.nextTick(() => {
    corked.delete(socket);
    socket.uncork();
  });
}

/**
 * Makes a PostgreSQL session's transactions send their BEGIN together with their first statement: one
 * write and one round trip instead of two, on both sides, for every transaction (each costs the
 * server and the database a wake-up, ADR 057). The pool pipelines, so the first statement goes out
 * without waiting for BEGIN's answer, and the connection's socket is corked until the statements of
 * this turn of the event loop are written. Otherwise as drizzle's own: commit after the callback,
 * rollback when it throws. Should BEGIN fail, the first statement, sent behind it, fails too.
 */
function beginWithFirstStatement(session: PgSessionOf, pool: pg.Pool) {
  const { dialect, options } = session as unknown as { dialect: PgDialect; options: object };
  const withOptions = session.transaction.bind(session);
  session.transaction = async (run, config) => {
    // An isolation level or access mode goes with BEGIN: drizzle's own way.
    if (config) return withOptions(run, config);
    const client = await pool.connect();
    // Without the schema: drizzle would build a relational query builder for every table of it on every
    // transaction, for `tx.query`, which `Db` leaves out (ADR 010).
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined, options), undefined);
    const state: OpenTransaction = { tx, sent: 0, committing: undefined };
    openTransactions.set(client, state);
    writeTogether(client);
    // Sent now (drizzle's query runs when asked for its result, and on each asking), awaited once the
    // callback is done: a failure meanwhile is the first statement's too.
    const begun = tx.execute(sql`begin`).then(() => undefined);
    begun.catch(() => undefined);
    try {
      const result = await run(tx);
      await begun;
      await (state.committing ?? tx.execute(sql`commit`));
      return result;
    } catch (error) {
      // After a commit sent with a statement that failed, PostgreSQL has rolled back already; this one only warns.
      await tx.execute(sql`rollback`);
      throw error;
    } finally {
      openTransactions.delete(client);
      client.release();
    }
  };
}

/** A pipelined transaction in progress on a connection: its named statements sent, and its commit once sent with the last one. */
interface OpenTransaction {
  tx: object;
  sent: number;
  committing: Promise<unknown> | undefined;
}

const openTransactions = new WeakMap<pg.Client, OpenTransaction>();

/**
 * Sends a transaction's commit right behind its last statement, `last`, in the same write: one round
 * trip less for the server and the database. For a statement after which the use case can refuse
 * nothing: once sent, the transaction commits with it, and should the statement fail, PostgreSQL
 * answers the commit by rolling back, so nothing is half-written. A statement after it is refused.
 * Elsewhere (the embedded database, a transaction with options) the commit follows the callback as before.
 */
export async function commitWith<T>(tx: Db, last: () => Promise<T>): Promise<T> {
  const client = (tx._.session as unknown as PgSessionParts).client;
  const open = client instanceof pg.Client ? openTransactions.get(client) : undefined;
  if (!open || open.tx !== tx) return last();
  const before = open.sent;
  const result = last();
  if (open.sent === before) throw new Error('commitWith: the last statement must be sent before the commit');
  const committing = (tx.execute(sql`commit`) as Promise<unknown>).then(() => undefined);
  committing.catch(() => undefined);
  open.committing = committing;
  return result;
}

/**
 * The advisory lock start-up runs under, one per database (advisory locks are scoped to a database).
 * Any fixed number would do; it only has to be the same in every version of the app.
 */
export const STARTUP_LOCK_KEY = 4_621_000_140_000_000_001n;

/** How the connection holding the start-up lock names itself in pg_stat_activity. */
export const STARTUP_APPLICATION_NAME = 'freshcart-startup';

/**
 * Runs `run` holding a session-level advisory lock on a connection of its own. Drizzle's migrator runs
 * its own transaction on a pooled connection, so a transaction-level lock could not cover it; and the
 * pool would hand a session lock's connection to other work. Ending the connection releases the lock,
 * also when this process dies while holding it, so a crashed start never blocks the next one.
 */
async function withAdvisoryLock<T>(url: string, key: bigint, run: () => Promise<T>, options: { onWait?: () => void } = {}): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: STARTUP_APPLICATION_NAME });
  // A connection lost while `run` works shows up as the lock's release failing; it must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key.toString()]);
    if (!rows[0]?.locked) {
      options.onWait?.();
      await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
    }
    return await run();
  } finally {
    await client.end().catch(() => undefined);
  }
}

function assertChannel(channel: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(channel)) throw new Error(`Channel name "${channel}" must be lower snake case`);
  return channel;
}

interface Subscription {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/** How the listening connection names itself in pg_stat_activity, for operators (and tests) to find it. */
export const LISTENER_APPLICATION_NAME = 'freshcart-listener';

/** Waits after a lost connection before trying again: 100 ms, doubling, at most 5 s. */
const reconnectDelay = (attempt: number) => Math.min(100 * 2 ** attempt, 5000);

/**
 * LISTEN on PostgreSQL. A listening connection must stay open and belong to nobody else, so it is a
 * client of its own rather than one borrowed from the pool (which would hand it back, LISTENs and all,
 * to the next query). When it drops (a restart, a failover, a killed backend) it is made again with
 * backoff, every channel is listened to again, and subscribers are told so they can catch up.
 */
class PostgresListener {
  readonly #url: string;
  readonly #channels = new Map<string, Set<Subscription>>();
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #retry: NodeJS.Timeout | undefined;
  #attempt = 0;
  #closed = false;

  constructor(url: string) {
    this.#url = url;
  }

  async listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('The database is closed');
    assertChannel(channel);
    const subscription: Subscription = { onPayload, onReconnect: options.onReconnect };
    let subscribers = this.#channels.get(channel);
    const first = !subscribers;
    if (!subscribers) {
      subscribers = new Set();
      this.#channels.set(channel, subscribers);
    }
    subscribers.add(subscription);
    const unlisten = async () => {
      const current = this.#channels.get(channel);
      if (!current?.delete(subscription) || current.size > 0) return;
      this.#channels.delete(channel);
      // Queued on the connection behind any LISTEN issued before, so the order of calls is kept.
      await this.#client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
    if (!first) return unlisten;
    try {
      // While a lost connection waits to be made again, the new one will listen to every channel.
      if (!this.#client && this.#retry) return unlisten;
      const client = this.#client ?? (await this.#connect());
      // Again even on a connection that was just made: it may have listed its channels before this one.
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // A connection lost meanwhile is being made again and will listen; any other failure is the caller's.
      if (!this.#retry) {
        await unlisten();
        throw error;
      }
    }
    return unlisten;
  }

  #connect(): Promise<pg.Client> {
    this.#connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.#url, application_name: LISTENER_APPLICATION_NAME });
      client.on('notification', (message) => {
        for (const subscription of this.#channels.get(message.channel) ?? []) subscription.onPayload(message.payload ?? '');
      });
      // A dropped connection reports an error and then its end; either starts the reconnection.
      client.on('error', () => this.#dropped(client));
      client.on('end', () => this.#dropped(client));
      try {
        await client.connect();
        for (const channel of this.#channels.keys()) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        throw new Error('The database is closed');
      }
      this.#client = client;
      return client;
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  #dropped(client: pg.Client) {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.removeAllListeners('notification');
    this.#scheduleReconnect();
  }

  #scheduleReconnect() {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#connect().then(
        () => {
          this.#retry = undefined;
          this.#attempt = 0;
          for (const subscribers of this.#channels.values()) for (const subscription of subscribers) subscription.onReconnect?.();
        },
        () => {
          this.#retry = undefined;
          this.#attempt += 1;
          this.#scheduleReconnect();
        },
      );
    }, reconnectDelay(this.#attempt));
  }

  async close() {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
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

/**
 * Where a PostgreSQL database's named statements run outside a transaction: a pool of its own whose
 * connections plan every named statement once (`plan_cache_mode=force_generic_plan`). On the main
 * pool PostgreSQL would go on planning a statement for each call's values whenever it judges that
 * plan cheaper than the generic one, as it does for a page whose size and offset are parameters;
 * the setting cannot be given per statement, and the main pool's one-off queries are better planned
 * for their values. Inside a transaction a statement runs on the transaction's connection.
 */
const preparedStatementsDb = new WeakMap<Db, Db>();

/** The drizzle sessions every statement of `db` outside a transaction goes through: its one-off queries', its named statements'. */
export function sessionsOf(db: Db): Db['_']['session'][] {
  const prepared = preparedStatementsDb.get(db);
  return prepared ? [db._.session, prepared._.session] : [db._.session];
}

/**
 * Dates, times and intervals (and their arrays) come back as PostgreSQL writes them, as drizzle's raw
 * queries answer them, so a statement answers the same whichever way it runs.
 */
const textTypes = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const keepText = (value: string) => value;
const rawTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (textTypes.has(oid) ? keepText : pg.types.getTypeParser(oid, format)),
} as pg.CustomTypesConfig;

/** What a drizzle session on node-postgres holds: its pool or the transaction's connection, and its logger. */
interface PgSessionParts {
  client?: unknown;
  logger: { logQuery(query: string, params: unknown[]): void };
}

function runPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  db = preparedStatementsDb.get(db) ?? db;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const session = db._.session as unknown as PgSessionParts;
  // On PostgreSQL straight to the pool or the transaction's connection: drizzle's prepared query is
  // built anew on every call, which costs more than the statement's own work in the app.
  if (session.client instanceof pg.Pool || session.client instanceof pg.Client) {
    session.logger.logQuery(text, params);
    // A transaction's connection pipelines: statements asked for together go out together.
    if (session.client instanceof pg.Client) {
      const open = openTransactions.get(session.client);
      if (open?.committing) return Promise.reject(new Error(`${name}: sent after its transaction's commit`));
      if (open) open.sent += 1;
      writeTogether(session.client);
    }
    return session.client.query<T & pg.QueryResultRow>({ name, text, values: params, types: rawTypes }).then(
      (result) => result.rows,
      (error: unknown) => {
        // Wrapped as drizzle wraps it, so a failure reads the same in the log whichever way it ran.
        throw new DrizzleQueryError(text, params, error as Error);
      },
    );
  }
  return (db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute() as Promise<{ rows: T[] }>).then((result) => result.rows);
}

const preparedNames = new Set<string>();

/**
 * A raw SQL query run as a named prepared statement. PostgreSQL parses and plans it once per
 * connection instead of on every call (`preparedStatementsDb`), which for the many-join queries of
 * hot paths costs more than running them. (The embedded database has no named statements and runs it as a plain query.)
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
