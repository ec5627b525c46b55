import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** The signal of the request whose work runs here, aborted when its client goes away. */
const requestSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs a request's work so that its database work still waiting for its turn when the client goes
 * away (closed, or gave up waiting) is skipped instead of run for nobody.
 */
export function forRequest<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return requestSignal.run(signal, work);
}

/** Thrown instead of running a unit of work whose request's client has gone. */
export class AbandonedWorkError extends Error {
  constructor() {
    super('The client went away before its database work was reached.');
    this.name = 'AbandonedWorkError';
  }
}

/** The calls that start a unit of database work: a statement, or a whole transaction. */
const unitsOfWork = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The embedded database, serving units of work in the order they arrive (ADR 044).
 *
 * PGlite runs in this thread and answers within the same turn of the event loop: a request's
 * statements and transaction, and the JSON of its answer, all run without the server once looking
 * at its sockets. So under load the server reads the next request only between whole requests, and
 * which connection it reads then is left to the order the sockets report themselves in: measured at
 * 200 connections, a few dozen connections were served again and again while the others waited past
 * ten seconds. Each unit here first waits for the event loop's next turn, in which every request
 * that has arrived meanwhile is read and asks for its own turn; PGlite's lock then takes them first
 * come, first served. Statements inside a transaction are part of its unit and do not wait again.
 * A unit whose client has gone by its turn is not run: under overload the queue grows longer than
 * clients wait, and running work nobody will read would leave every later client waiting too.
 */
export function inArrivalOrder<T extends PGlite>(client: T): T {
  let last: Promise<unknown> = Promise.resolve();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite keeps its state in private fields, which only the instance itself may be `this` for.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!unitsOfWork.has(property)) return method;
      return (...args: unknown[]) => {
        const signal = requestSignal.getStore();
        const unit = last
          .then(() => nextTurn())
          .then(() => {
            if (signal?.aborted) throw new AbandonedWorkError();
            return method(...args);
          });
        last = unit.catch(() => undefined);
        return unit;
      };
    },
  });
}
