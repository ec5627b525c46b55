/**
 * `npm run bench:soak [-- --minutes 10 --rate 10]`
 *
 * Mixed traffic at a steady rate against a real server on a new PostgreSQL database (TEST_DATABASE_URL
 * or the local server): browsing the product list, searching, opening products, filling a cart and
 * checking out, and following an order's live tracking stream for a few seconds. The server's resident
 * memory is sampled every 10 s. Fails (exit 1) on any failed request or on memory that keeps growing
 * after the first two minutes (warm-up: caches, prepared statements, JIT); prints the samples and the
 * figures as a Markdown section for docs/reliability.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, scratchDatabase, startServer, stopServer, waitHealthy } from '../src/server/test/server-process';
import { addToCart, call, newCustomers, placeOrder, quote, signIn, stockedProduct, type Customer } from '../tests/reliability/shop';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const warmUpMs = Math.min(2 * 60_000, (minutes * 60_000) / 5);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const residentMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]) {
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

const database = await scratchDatabase(serverUrl, 'fc_soak');
const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ DATABASE_URL: database.url, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'true', AUTH_RATE_LIMIT_MAX: '1000000', PUBLIC_URL: base });
try {
  await waitHealthy(server, port, 150_000);
  const admin = await signIn(base, 'admin@demo.test');
  const { productId, warehouseId } = await stockedProduct(admin, 1_000_000, `SOAK-${randomUUID().slice(0, 6)}`);
  const customers = await newCustomers(base, 10, `soak-${randomUUID().slice(0, 6)}`);
  const orders: { customer: Customer; orderId: string }[] = [];
  const checkingOut = new Set<Customer>();
  const guest = { base, credentials: {} };
  const searches = ['banana', 'milk', 'chiken', 'bread', 'apple', 'coffee', 'rice', 'eggs'];

  const counts = new Map<string, number>();
  const failures: string[] = [];
  const note = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
  async function expectOk(kind: string, response: Response) {
    await response.arrayBuffer();
    if (response.ok) note(kind);
    else failures.push(`${kind}: ${response.status}`);
  }

  const actions: (() => Promise<void>)[] = [
    () => call(guest, `/api/products?page=${1 + Math.floor(Math.random() * 5)}`).then((response) => expectOk('list', response)),
    () => call(guest, `/api/products?q=${searches[Math.floor(Math.random() * searches.length)]}`).then((response) => expectOk('search', response)),
    () => call(guest, `/api/products/${productId}?warehouseId=${warehouseId}`).then((response) => expectOk('product', response)),
    async () => {
      // A customer checks out one cart at a time: two checkouts of the same cart at once would each
      // empty what the other filled. On a slow machine a checkout may outlast the next one's turn.
      const idle = customers.filter((candidate) => !checkingOut.has(candidate));
      const customer = idle[Math.floor(Math.random() * idle.length)];
      if (!customer) return void failures.push('checkout: every customer was still checking out');
      checkingOut.add(customer);
      try {
        await call(customer, '/api/cart/items', { method: 'DELETE' });
        await addToCart(customer, productId, warehouseId);
        const placed = await placeOrder(customer, await quote(customer), `soak-${randomUUID()}`);
        if (placed.status !== 201) return void failures.push(`checkout: ${placed.status} ${placed.code}`);
        note('checkout');
        orders.push({ customer, orderId: placed.orderId! });
      } finally {
        checkingOut.delete(customer);
      }
    },
    async () => {
      const recent = orders.at(-1 - Math.floor(Math.random() * Math.min(orders.length, 20)));
      if (!recent) return;
      const stream = await call(recent.customer, `/api/tracking/orders/${recent.orderId}/stream`);
      if (!stream.ok) return void failures.push(`tracking: ${stream.status}`);
      const reader = stream.body!.getReader();
      const first = await reader.read();
      if (first.done) return void failures.push('tracking: ended before its snapshot');
      // A customer who looks at the tracking page for a few seconds, then leaves it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await reader.cancel();
      note('tracking');
    },
  ];

  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const ends = started + minutes * 60_000;
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, mb: residentMb(server.child.pid!) }), 10_000);
  const running = new Set<Promise<void>>();
  let turn = 0;
  while (Date.now() < ends) {
    const action = actions[turn++ % actions.length]!;
    const run = action().catch((error: unknown) => void failures.push(String(error)));
    running.add(run);
    void run.finally(() => running.delete(run));
    await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
  }
  await Promise.all(running);
  clearInterval(sampler);

  const steady = samples.filter((sample) => sample.at >= warmUpMs);
  const mbPerMinute = slope(steady.map((sample) => ({ x: sample.at / 60_000, y: sample.mb })));
  const steadyMinutes = (minutes * 60_000 - warmUpMs) / 60_000;
  const meanMb = steady.reduce((sum, sample) => sum + sample.mb, 0) / steady.length;
  // Growth that would add more than 5 % of the steady size over the steady stretch is a leak's trend.
  const growing = mbPerMinute * steadyMinutes > meanMb * 0.05;
  console.log(`\n## Soak: ${minutes} minutes of mixed traffic at ${rate} actions/s\n`);
  console.log(`Requests done: ${[...counts].map(([kind, count]) => `${kind} ${count}`).join(', ')}; failed: ${failures.length}.`);
  console.log(`Server memory (RSS) every 10 s, MB: ${samples.map((sample) => sample.mb.toFixed(0)).join(' ')}`);
  console.log(`After the ${warmUpMs / 60_000}-minute warm-up: mean ${meanMb.toFixed(1)} MB, trend ${mbPerMinute.toFixed(2)} MB/min (${growing ? 'GROWING' : 'flat'}).`);
  for (const failure of failures.slice(0, 10)) console.log(`  failed: ${failure}`);
  process.exitCode = failures.length > 0 || growing ? 1 : 0;
} finally {
  await stopServer(server);
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
}
