import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, startServer, stopServer, waitHealthy, type ServerProcess } from '../../src/server/test/server-process';
import { addToCart, ledger, manyCustomers, placeOrder, quote, signIn, stockedProduct, withProbe, type Placement } from './shop';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const customerCount = 500;
const units = 100;

/**
 * 500 customers, each with one unit in the cart, place their orders at the same moment against 100
 * units on the shelf: on a PostgreSQL server, where the placements really run side by side.
 */
describe.skipIf(!serverUrl)('500 customers checking out at once against 100 units', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let server: ServerProcess;
  let base: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcart-storm-'));

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!, 'fc_storm');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: database.url, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_RATE_LIMIT_MAX: '100000' });
    await waitHealthy(server, port, 120_000);
  }, 150_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every customer fills the cart with one unit; the total and window are the same for all. */
  async function race(tag: string) {
    const admin = await signIn(base, 'admin@demo.test');
    const { productId, warehouseId } = await stockedProduct(admin, units, `STORM-${tag}`);
    const customers = await manyCustomers(base, database.url, customerCount, tag);
    await Promise.all(customers.map((customer) => addToCart(customer, productId, warehouseId)));
    const order = await quote(customers[0]!);
    return { productId, warehouseId, customers, order };
  }

  function tally(placements: Placement[]) {
    const byStatus: Record<number, number> = {};
    for (const { status } of placements) byStatus[status] = (byStatus[status] ?? 0) + 1;
    return byStatus;
  }

  it('sells exactly 100, leaves the shelf at 0, refuses the other 400 as unavailable, and every order is whole', async () => {
    const tag = `once-${randomBytes(3).toString('hex')}`;
    const { productId, warehouseId, customers, order } = await race(tag);

    const placements = await Promise.all(customers.map((customer, index) => placeOrder(customer, order, `${tag}-${index}`)));

    expect(tally(placements)).toEqual({ 201: units, 409: customerCount - units });
    expect(new Set(placements.filter((placement) => placement.status === 409).map((placement) => placement.code))).toEqual(new Set(['LINES_UNAVAILABLE']));
    expect(new Set(placements.map((placement) => placement.orderId).filter(Boolean)).size).toBe(units);
    const after = await withProbe({ url: database.url }, (probe) => ledger(probe, productId, warehouseId));
    expect(after).toEqual({ orders: units, units, broken: 0, stock: 0 });
  }, 300_000);

  it('sells exactly 100 again when every request is sent twice at once and once more after, with the same idempotency key', async () => {
    const tag = `retried-${randomBytes(3).toString('hex')}`;
    const { productId, warehouseId, customers, order } = await race(tag);

    // A client that timed out sends again while the first is still running, then once more later.
    const attempts = await Promise.all(
      customers.map(async (customer, index) => {
        const key = `${tag}-${index}`;
        const [first, second] = await Promise.all([placeOrder(customer, order, key), placeOrder(customer, order, key)]);
        const third = await placeOrder(customer, order, key);
        return [first, second, third];
      }),
    );

    const placed = attempts.filter((answers) => answers.some((answer) => answer.status === 201));
    expect(placed).toHaveLength(units);
    // One answer per order is the placement (201); its repeats replay it (200).
    expect(tally(attempts.flat())[201]).toBe(units);
    // Each customer who got an order got the same one in every answer that carries one.
    for (const answers of placed) expect(new Set(answers.map((answer) => answer.orderId).filter(Boolean)).size).toBe(1);
    expect(new Set(placed.map((answers) => answers.find((answer) => answer.orderId)!.orderId)).size).toBe(units);
    const answered = new Set(attempts.flat().map((answer) => `${answer.status} ${answer.code ?? ''}`.trim()));
    expect(answered).toEqual(new Set(['201', '200', '409 LINES_UNAVAILABLE']));
    const after = await withProbe({ url: database.url }, (probe) => ledger(probe, productId, warehouseId));
    expect(after).toEqual({ orders: units, units, broken: 0, stock: 0 });
  }, 300_000);
});
