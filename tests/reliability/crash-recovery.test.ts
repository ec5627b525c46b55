import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, startServer, stopServer, waitHealthy, type ServerProcess } from '../../src/server/test/server-process';
import { checkoutLoad, until } from './checkout-load';
import { ledger, newCustomers, signIn, stockedProduct, withProbe } from './shop';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const stock = 10_000;

interface Target {
  env: Record<string, string>;
  probeTarget: { url: string } | { dataDir: string };
  /** Whether the database can be read while the server holds it (a server can; embedded files cannot). */
  shared: boolean;
  cleanUp(): Promise<void>;
}

async function embedded(): Promise<Target> {
  const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-crash-'));
  const dataDir = path.join(folder, 'data');
  return { env: { DATA_DIR: dataDir }, probeTarget: { dataDir: path.join(dataDir, 'pglite') }, shared: false, cleanUp: async () => rmSync(folder, { recursive: true, force: true }) };
}

async function onServer(): Promise<Target> {
  const database = await scratchDatabase(serverUrl!, 'fc_crash');
  const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-crash-'));
  return {
    env: { DATABASE_URL: database.url, DATA_DIR: folder },
    probeTarget: { url: database.url },
    shared: true,
    cleanUp: async () => {
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const kinds = [
  { name: 'the embedded database (PGlite)', make: embedded },
  ...(serverUrl ? [{ name: 'a PostgreSQL server', make: onServer }] : []),
];

describe.each(kinds)('the server killed with SIGKILL in the middle of checkouts, on $name', ({ make }) => {
  const servers: ServerProcess[] = [];
  let target: Target | undefined;
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServer(server, 'SIGKILL');
    await target?.cleanUp();
  });

  it('restarts on the same database with every order whole or absent, the stock matching the orders, and serves again', async () => {
    target = await make();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...target.env, PORT: String(port), SEED_DEMO: 'true', AUTH_RATE_LIMIT_MAX: '100000' };
    const first = startServer(env);
    servers.push(first);
    await waitHealthy(first, port, 120_000);

    const admin = await signIn(base, 'admin@demo.test');
    const { productId, warehouseId } = await stockedProduct(admin, stock, `CRASH-${randomBytes(3).toString('hex')}`);
    const customers = await newCustomers(base, 20, `crash-${randomBytes(3).toString('hex')}`);

    const load = checkoutLoad(customers, productId, warehouseId);
    await until(() => load.placed.size >= 30, 120_000, '30 orders placed');
    // Killed with placements in flight: no shutdown, no chance to finish anything.
    first.child.kill('SIGKILL');
    await first.exited;
    const answeredBeforeTheCrash = new Set(load.placed);
    await until(() => (load.answers.get('no answer') ?? 0) >= customers.length, 30_000, 'every customer to notice');

    const second = startServer(env);
    servers.push(second);
    await waitHealthy(second, port, 120_000);
    // The customers carry on by themselves once the server is back.
    const placedBeforeRestart = load.placed.size;
    await until(() => load.placed.size >= placedBeforeRestart + 20, 120_000, '20 orders after the restart');
    await load.stop();
    if (!target.shared) await stopServer(second);

    const orderIds = await withProbe(target.probeTarget, async (probe) => {
      const after = await ledger(probe, productId, warehouseId);
      expect(after.broken).toBe(0);
      expect(after.stock).toBe(stock - after.units);
      return new Set((await probe<{ id: string }>(`select o.id from orders o join order_items i on i.order_id = o.id where i.product_id = '${productId}'`)).map((row) => row.id));
    });
    // Every order the server said it placed is there, before the crash included; nothing else is.
    for (const id of load.placed) expect(orderIds.has(id), `order ${id} answered 201`).toBe(true);
    for (const id of answeredBeforeTheCrash) expect(orderIds.has(id)).toBe(true);
    expect(orderIds.size - load.placed.size).toBeLessThanOrEqual(customers.length);
    const unexpected = [...load.answers.keys()].filter((kind) => !['201', 'no answer'].includes(kind));
    expect(unexpected, JSON.stringify(Object.fromEntries(load.answers))).toEqual([]);
  }, 400_000);
});
