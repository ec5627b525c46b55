import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { currentWorkOwner, startWork } from './request-work';

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
 * A request whose client has gone by its first unit's turn is not run (`forRequest`).
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
        const owner = currentWorkOwner();
        const unit = last
          .then(() => nextTurn())
          .then(() => {
            startWork(owner);
            return method(...args);
          });
        last = unit.catch(() => undefined);
        return unit;
      };
    },
  });
}
