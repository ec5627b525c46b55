import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitHealthy, type ServerProcess } from '../../src/server/test/server-process';
import { checkoutLoad, until } from './checkout-load';
import { canRunPrivatePostgres, privatePostgres } from './private-postgres';
import { call, ledger, newCustomers, signIn, stockedProduct, withProbe } from './shop';

const stock = 10_000;

describe.skipIf(!canRunPrivatePostgres)('the PostgreSQL server restarted under a checkout load', () => {
  let postgres: ReturnType<typeof privatePostgres> | undefined;
  let server: ServerProcess | undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-restart-'));
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    postgres?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers 503 in the error shape while the database is gone, reconnects by itself, and loses nothing', async () => {
    postgres = privatePostgres(await freePort());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: postgres.url, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'true', AUTH_RATE_LIMIT_MAX: '100000' });
    await waitHealthy(server, port, 150_000);

    const admin = await signIn(base, 'admin@demo.test');
    const { productId, warehouseId } = await stockedProduct(admin, stock, `RESTART-${randomBytes(3).toString('hex')}`);
    const customers = await newCustomers(base, 20, `restart-${randomBytes(3).toString('hex')}`);
    const load = checkoutLoad(customers, productId, warehouseId);
    await until(() => load.placed.size >= 30, 120_000, '30 orders placed');

    postgres.crash();
    const health = await call({ base, credentials: {} }, '/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'degraded', database: { status: 'down', kind: 'postgres' } });
    await until(() => [...load.answers.keys()].some((kind) => kind.startsWith('503')), 30_000, 'the customers to be told');

    postgres.start();
    const placedBeforeRestart = load.placed.size;
    await until(() => load.placed.size >= placedBeforeRestart + 20, 120_000, '20 orders after the database came back');
    await load.stop();
    expect((await call({ base, credentials: {} }, '/api/health')).status).toBe(200);

    await withProbe({ url: postgres.url }, async (probe) => {
      const after = await ledger(probe, productId, warehouseId);
      expect(after.broken).toBe(0);
      expect(after.stock).toBe(stock - after.units);
      const stored = new Set((await probe<{ id: string }>(`select o.id from orders o join order_items i on i.order_id = o.id where i.product_id = '${productId}'`)).map((row) => row.id));
      for (const id of load.placed) expect(stored.has(id), `order ${id} answered 201`).toBe(true);
    });
    // While the database was gone every refusal was a 503 in the error shape; nothing was a 500.
    const kinds = [...load.answers.keys()];
    expect(kinds.filter((kind) => !/^(201|503 [A-Z_]+)$/.test(kind)), JSON.stringify(Object.fromEntries(load.answers))).toEqual([]);
  }, 400_000);
});
