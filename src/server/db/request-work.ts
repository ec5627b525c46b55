import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** The request whose database work runs here: the signal aborted when its client goes away, and whether any of its work has run. */
interface RequestWork {
  signal: AbortSignal;
  started: boolean;
}

const requestWork = new AsyncLocalStorage<RequestWork>();

/**
 * Runs a request's work so that, if its client goes away (closed, or gave up waiting) before any of
 * its database work was reached, that work is skipped instead of run for nobody. Under overload the
 * queue for the database grows longer than clients wait; running the work of those who left would
 * keep every later client waiting too. Once a request's first unit of work has run, the rest runs
 * whatever the client does, so a use case is never cut between two of its transactions.
 */
export function forRequest<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return requestWork.run({ signal, started: false }, work);
}

/** Thrown instead of running a unit of work whose request's client has gone. */
export class AbandonedWorkError extends Error {
  constructor() {
    super('The client went away before its database work was reached.');
    this.name = 'AbandonedWorkError';
  }
}

/** The request asking for a unit of database work now, to be told when that unit's turn comes. */
export type WorkOwner = RequestWork | undefined;

export function currentWorkOwner(): WorkOwner {
  return requestWork.getStore();
}

/**
 * At the turn of a unit of work asked for by `owner`: throws when the owner's client has gone and
 * none of its work has run yet, and otherwise marks its work as started.
 */
export function startWork(owner: WorkOwner): void {
  if (!owner) return;
  if (!owner.started && owner.signal.aborted) throw new AbandonedWorkError();
  owner.started = true;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error) => void) => void;

/**
 * A PostgreSQL pool whose connections, once a request's turn for one comes (the pool hands them out
 * first come, first served), are not used for a request whose client has gone before any of its work
 * ran: the connection goes back at once to the next in line. The owner is read when the connection is
 * asked for: the pool calls back from whichever request released it.
 */
export function skippingAbandonedWork(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  const connectFor = (owner: WorkOwner, callback: ConnectCallback) =>
    connect((error, client, release) => {
      if (error || !client) return callback(error, client, release);
      try {
        startWork(owner);
      } catch (abandoned) {
        release();
        return callback(abandoned as Error, undefined, () => undefined);
      }
      callback(undefined, client, release);
    });
  pool.connect = ((callback?: ConnectCallback) => {
    const owner = currentWorkOwner();
    if (callback) return connectFor(owner, callback);
    return new Promise<pg.PoolClient>((resolve, reject) => connectFor(owner, (error, client) => (error || !client ? reject(error) : resolve(client))));
  }) as pg.Pool['connect'];
  return pool;
}
