/**
 * `npx tsx bench/tracking-fanout.ts [--trackers 1000 --rounds 5 --port 4710]` (and `npm run bench -- --database postgres`)
 *
 * Live tracking's fan-out across instances: two real server processes on one PostgreSQL database,
 * `--trackers` tracking streams of one order split evenly between them, then status changes committed
 * on the database (as the order lifecycle commits them, NOTIFY included) and driver positions posted to
 * the first instance's API. For each change, the time until every tracker has received it, from just
 * before the change was sent; p50/p99 over all trackers and rounds. The target is p99 under 1 s.
 * Results go to docs/benchmarks.md with the machine they came from.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBenchServer, stopServer, type ServerProcess } from './bench-server';
import { writeSection } from './report';
import { openDatabase } from '../src/server/db/client';
import { assignWarehouseStaff, createAccount, createWarehouses } from '../src/server/db/seed/factories';
import { createOrder, moveTestOrder } from '../src/server/test/order-fixture';
import { readEventStream, type EventStreamReader } from '../src/server/test/event-stream-reader';
import { createAuth } from '../src/server/lib/auth';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';

const secret = 'bench-only-auth-secret-0123456789-abcdefghij';
const password = 'bench-password-1';

export interface FanoutOptions {
  /** A database of its own by default, on the bench's server: the placement benchmark's rows and this one's never meet. */
  databaseUrl?: string;
  trackers?: number;
  rounds?: number;
  port?: number;
}

interface Instance {
  base: string;
  server: ServerProcess;
}

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}

async function startInstance(databaseUrl: string, port: number): Promise<Instance> {
  const server = await startBenchServer(port, { DATABASE_URL: databaseUrl, SEED_DEMO: 'false', AUTH_SECRET: secret });
  return { base: `http://127.0.0.1:${port}`, server };
}

function defaultDatabaseUrl() {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/freshcart_bench');
  url.pathname = '/freshcart_bench_tracking';
  return url.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Waits until every tracker has the event `matches`, and answers each one's delay from `started`, in ms. */
async function receipts(trackers: EventStreamReader[], started: number, matches: (event: { event: string; id?: string; data: string }) => boolean) {
  return Promise.all(
    trackers.map(async (tracker) => {
      for (;;) {
        const event = await tracker.next(10_000);
        if (matches(event)) return performance.now() - started;
      }
    }),
  );
}

export async function runTrackingFanout(options: FanoutOptions) {
  // Other work on the same cores delays every receipt; the report says how much there was.
  const loadBefore = os.loadavg()[0]!;
  const trackerCount = options.trackers ?? 1000;
  const rounds = options.rounds ?? 5;
  const port = options.port ?? 4710;
  const databaseUrl = options.databaseUrl ?? defaultDatabaseUrl();
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 2 });
  await database.migrate();
  const instances: Instance[] = [];
  const trackers: EventStreamReader[] = [];
  try {
    // The people and the order, written directly: the benchmark measures tracking, not checkout.
    const env = parseEnv({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, AUTH_SECRET: secret, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
    const auth = createAuth({ db: database.db, env, mailer: { name: 'none', send: async () => undefined, verify: async () => undefined }, secret, logger: createLogger(env) });
    const stamp = Date.now();
    const [warehouse] = await createWarehouses({
      db: database.db,
      warehouses: [{ name: `Fan-out ${stamp}`, streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.27, longitude: -97.74, location: 'Austin, TX', active: false }],
    });
    const customer = await createAccount({ db: database.db, auth, account: { email: `fanout-${stamp}@example.test`, password, firstName: 'Fan', lastName: 'Out' } });
    const driver = await createAccount({ db: database.db, auth, account: { email: `fanout-driver-${stamp}@example.test`, password, firstName: 'Dee', lastName: 'Driver', role: 'driver' } });
    await assignWarehouseStaff({ db: database.db, profileId: driver.profile.id, role: 'driver', warehouseIds: [warehouse!.id] });

    // One at a time, so an instance that started is stopped even when the next one cannot start.
    instances.push(await startInstance(databaseUrl, port));
    instances.push(await startInstance(databaseUrl, port + 1));
    const signIn = async (email: string) => {
      const response = await fetch(`${instances[0]!.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instances[0]!.base },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
      return response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    };
    const customerCookie = await signIn(`fanout-${stamp}@example.test`);
    const driverCookie = await signIn(`fanout-driver-${stamp}@example.test`);

    const order = await createOrder(database.db, { customerProfileId: customer.profile.id, warehouseId: warehouse!.id, status: 'placed', driverProfileId: driver.profile.id });
    console.log(`Opening ${trackerCount} trackers across two instances…`);
    for (let opened = 0; opened < trackerCount; opened += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, trackerCount - opened) }, async (_, index) => {
          const instance = instances[(opened + index) % 2]!;
          const response = await fetch(`${instance.base}/api/tracking/orders/${order.id}/stream`, { headers: { cookie: customerCookie } });
          if (response.status !== 200) throw new Error(`stream: ${response.status}`);
          const tracker = readEventStream(response);
          if ((await tracker.next(30_000)).event !== 'snapshot') throw new Error('the stream did not start with a snapshot');
          return tracker;
        }),
      );
      trackers.push(...batch);
    }

    const statusDelays: number[] = [];
    const positionDelays: number[] = [];
    // Status changes that keep the stream open: back and forth between confirmed and processing.
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const event = await moveTestOrder(database.db, order.id, round % 2 === 0 ? 'confirmed' : 'processing', undefined, `round ${round}`);
      statusDelays.push(...(await receipts(trackers, started, (received) => received.event === 'status' && received.id === event.id)));
    }
    await moveTestOrder(database.db, order.id, 'out_for_delivery', driver.profile.id);
    await receipts(trackers, performance.now(), (received) => received.event === 'status' && JSON.parse(received.data).status === 'out_for_delivery');
    for (let round = 0; round < rounds; round += 1) {
      // One position per driver and order every 3 s is accepted.
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 3100));
      const latitude = 30.27 + round / 1000;
      const started = performance.now();
      const response = await fetch(`${instances[0]!.base}/api/tracking/orders/${order.id}/position`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instances[0]!.base, cookie: driverCookie },
        body: JSON.stringify({ latitude, longitude: -97.74 }),
      });
      if (!response.ok) throw new Error(`position: ${response.status} ${await response.text()}`);
      positionDelays.push(...(await receipts(trackers, started, (received) => received.event === 'position' && JSON.parse(received.data).latitude === latitude)));
    }

    const summary = (delays: number[]) => {
      const sorted = [...delays].sort((a, b) => a - b);
      return { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted.at(-1)!), count: sorted.length };
    };
    const results = [
      { name: `status change committed on the database (${rounds} changes)`, ...summary(statusDelays) },
      { name: `driver position posted to instance 1 (${rounds} positions)`, ...summary(positionDelays) },
    ];
    for (const result of results) console.log(`${result.name}: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms over ${result.count} receipts`);
    writeReport(results, trackerCount, loadBefore);
    // The order goes no further: delivered, so its streams end.
    await moveTestOrder(database.db, order.id, 'delivered');
    return { trackerCount, results };
  } finally {
    for (const tracker of trackers) await tracker.close();
    for (const instance of instances) await stopServer(instance.server);
    await database.close();
  }
}

function writeReport(results: { name: string; p50: number; p99: number; max: number; count: number }[], trackerCount: number, loadBefore: number) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const heading = '## Live tracking fan-out, PostgreSQL server';
  const section = [
    heading,
    '',
    '`npx tsx bench/tracking-fanout.ts` (also run by `npm run bench -- --database postgres`). Two server processes on one',
    `PostgreSQL database, ${trackerCount} tracking streams of one order split evenly between them, opened by one client`,
    'process on the same machine; the time from just before a change is sent until each tracker has read it. Target: p99 under 1 s.',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}; load average ${loadBefore.toFixed(1)} before the run (other work on the same cores).`,
    '',
    '| change | receipts | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...results.map((result) => `| ${result.name} | ${result.count} | ${result.p50} | ${result.p99} | ${result.max} |`),
    '',
  ].join('\n');
  writeSection(heading, section);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      trackers: { type: 'string', default: '1000' },
      rounds: { type: 'string', default: '5' },
      port: { type: 'string', default: '4710' },
    },
  });
  await runTrackingFanout({
    trackers: Number(values.trackers),
    rounds: Number(values.rounds),
    port: Number(values.port),
  });
}
