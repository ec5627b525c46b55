import type { Db } from '../db/client';
import { createOrder, moveTestOrder, type FixtureOrder } from './order-fixture';

// The tracking benchmark (bench/tracking-fanout.ts) asks for orders by these names; they are the
// order fixture's, so there is one way to make a test order.

/** An order of the default line, walked to `status`. */
export function insertTestOrder(db: Db, spec: Omit<FixtureOrder, 'lines'>) {
  return createOrder(db, spec);
}

export { moveTestOrder };
