/**
 * `npm run bench [-- --products 50000 --connections 200 --seconds 10 --database pglite|postgres --only cart,search]`
 *
 * Seeds a large catalog (once; reused from the data folder), starts the real server in a child process,
 * and measures with autocannon: a bare JSON endpoint of the same server (the ceiling), the product list,
 * search, product detail and add-to-cart. Results go to docs/benchmarks.md with the machine they came from;
 * a run limited by `--only` (ceiling, list, list-gzip, list-br, search, detail, cart, list-uncached,
 * search-uncached, detail-uncached) prints its figures without writing them. The gzip and br scenarios repeat the product
 * list asking for a compressed answer, which measures what compressing JSON costs the server. The
 * uncached scenarios repeat list, search and product detail with the catalog cache off. `--figures`
 * runs the summary of both databases against their ceilings (`bench/figures.ts`).
 *
 * Order placement (orders, orders-contended) runs 100 customers at once, each adding to its cart and
 * placing it over and over: on distinct products, then all on the same three. It prepares the database
 * while no server holds it (window capacity and stock large enough that only the server's own work is
 * measured), checks afterwards that no stock went negative, that every unit sold left the shelf exactly
 * once and that every order is whole, and writes its own section of docs/benchmarks.md. Besides the
 * server's CPU per order it reports that of the PostgreSQL backends serving the bench database (a
 * server on this machine) and its own, the load generator's. `--cpu-prof <folder>` writes the
 * server's CPU profile there when it stops.
 *
 * The support chat (chat, `bench/chat.ts`) runs 50 customers chatting at once with the built-in
 * assistant on a small database of its own and reports time to first token and to the end of each
 * reply; `--only chat` runs it alone, without seeding the large catalog.
 *
 * The web app's first load (web, `bench/web.ts`) builds the app and measures, on a demo database of its
 * own, the JavaScript and CSS that /, /products and /product/{id} load and Lighthouse's mobile
 * performance figures; `--only web` runs it alone.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBenchServer, stopServer, type ServerProcess } from './bench-server';
import { writeSection } from './report';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../src/server/db/client';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    database: { type: 'string', default: 'pglite' },
    port: { type: 'string', default: '4599' },
    only: { type: 'string' },
    /** Also write the figures of this run, as JSON, to this file (how `--figures` collects them). */
    json: { type: 'string' },
    /** Every figure of the summary table: both databases, their ceilings and the tracking fan-out (`bench/figures.ts`). */
    figures: { type: 'boolean', default: false },
    /** Write the server's CPU profile (node --cpu-prof) into this folder when it stops. */
    'cpu-prof': { type: 'string' },
  },
});
const productCount = Number(values.products);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const kind = values.database === 'postgres' ? 'postgres' : 'pglite';
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const catalogKeys = ['ceiling', 'list', 'list-gzip', 'list-br', 'search', 'detail', 'cart', 'list-uncached', 'search-uncached', 'detail-uncached'] as const;
const orderKeys = ['orders', 'orders-contended'] as const;
/** Scenarios that bring their own small database: run alone, they need no large catalog. */
const standaloneKeys = ['chat', 'web'] as const;
const scenarioKeys = [...catalogKeys, ...orderKeys, ...standaloneKeys] as const;
type ScenarioKey = (typeof catalogKeys)[number];
type OrderKey = (typeof orderKeys)[number];
const only = values.only?.split(',').map((key) => key.trim());
const unknownKeys = only?.filter((key) => !(scenarioKeys as readonly string[]).includes(key)) ?? [];
if (unknownKeys.length > 0) {
  console.error(`--only takes ${scenarioKeys.join(', ')}; not ${unknownKeys.join(', ')}`);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/freshcart_bench';
const dataDir = path.join(os.tmpdir(), `freshcart-bench-${productCount}`);

function databaseEnv(): Record<string, string> {
  return kind === 'postgres' ? { DATABASE_URL: serverUrl, SEED_DEMO: 'false' } : { DATA_DIR: dataDir, SEED_DEMO: 'false' };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function prepareDatabase() {
  const marker = kind === 'pglite' ? path.join(dataDir, 'bench-seeded') : undefined;
  if (kind === 'postgres') {
    const url = new URL(serverUrl);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString() });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
    await admin.end();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const seeded = await client
      .query(`select count(*)::int as n from products where sku like 'GEN-%'`)
      .then((result) => Number(result.rows[0].n) >= productCount)
      .catch(() => false);
    await client.end();
    if (seeded) return;
  } else if (marker && existsSync(marker)) {
    return;
  }
  console.log(`Seeding ${productCount} products into ${kind === 'postgres' ? serverUrl : dataDir} (once)…`);
  await run('npx', ['tsx', 'src/server/db/seed/cli.ts', '--products', String(productCount)], { ...databaseEnv(), LOG_LEVEL: 'warn' });
  if (marker) writeFileSync(marker, new Date().toISOString());
}

/** The server with the bench's database; `--cpu-prof` writes its CPU profile when it stops. */
function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  // The access log is off unless a run measures it (BENCH_LOG_LEVEL=info, with ACCESS_LOG_SAMPLE_RATE).
  return startBenchServer(port, { ...databaseEnv(), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env }, { nodeArgs });
}

/** The share of the machine's CPU time that other processes use over one second, from 0 to 1. */
async function busyShare(): Promise<number> {
  const sample = () => os.cpus().reduce((sum, cpu) => ({ idle: sum.idle + cpu.times.idle, total: sum.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }), { idle: 0, total: 0 });
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = sample();
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

async function json<T>(pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(base + pathname, init);
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signUpCustomers(count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: `bench-${Date.now()}-${index}@example.test`, password: 'bench-password-1', firstName: 'Bench', lastName: `Customer ${index}` }),
    });
    if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
    cookies.push(response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '));
  }
  return cookies;
}

interface Scenario {
  key: ScenarioKey;
  name: string;
  /** Run against a server with the catalog cache off: what every request costs the database. */
  uncached?: boolean;
  requests: autocannon.Request[];
}

export interface Result {
  name: string;
  rps: number;
  /** Average bytes received per response, headers included. */
  bytes: number;
  /** Server CPU time per request, in µs, where the system reports it. */
  cpuMicros?: number;
  /** CPU time of the PostgreSQL backends serving the bench database, per request, in µs (a local server on Linux only). */
  databaseCpuMicros?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time the server process has used so far, in ms (Linux only; its thread pool included). Unlike
 * req/s, CPU time per request hardly moves when other processes share the cores.
 */
function serverCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name, which sits in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * Waits until the server has served what the warm-up left behind. autocannon stops by closing its
 * connections with their last requests unanswered; the server still works through them (a
 * connection's request already waiting for the database is not withdrawn), so a run started at once
 * would wait behind a queue no client of its own made, and the slowest answers it reports would be
 * that queue's. Settled is a tenth of a second in which the server used less than a hundredth of a
 * second of CPU.
 */
async function settled(serverPid: number | undefined, { intervalMs = 100, idleCpuMs = 10, timeoutMs = 10_000 } = {}): Promise<void> {
  if (serverPid === undefined) return;
  const deadline = performance.now() + timeoutMs;
  let before = serverCpuMs(serverPid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const now = serverCpuMs(serverPid);
    if (before === undefined || now === undefined || now - before < idleCpuMs) return;
    before = now;
  }
}

async function measure(scenario: Scenario, serverPid: number | undefined, watcher: pg.Client | undefined): Promise<Result> {
  const options = { url: base, connections, requests: scenario.requests };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT, connections
  await settled(serverPid);
  const cpuBefore = serverCpuMs(serverPid);
  const databaseBefore = await databaseCpu(watcher);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuAfter = serverCpuMs(serverPid);
  const databaseAfter = await databaseCpu(watcher);
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    cpuMicros:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total)
        : undefined,
    databaseCpuMicros:
      databaseBefore && databaseAfter && result.requests.total > 0 ? Math.round((cpuBetween(databaseBefore, databaseAfter) * 1000) / result.requests.total) : undefined,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** What this run measured, for `--json`. */
const collected: { busyBefore?: number; catalog: Result[]; orders: OrderResult[] } = { catalog: [], orders: [] };

async function main() {
  if (values.figures) {
    await import('./figures').then((figures) => figures.runFigures({ products: productCount, connections, seconds }));
    return;
  }
  const standaloneOnly = only !== undefined && only.every((key) => (standaloneKeys as readonly string[]).includes(key));
  if (standaloneOnly) {
    await runStandalone();
    return;
  }
  await prepareDatabase();
  // Another busy process on the same cores would take its share of the numbers; say so up front.
  const busyBefore = await busyShare();
  collected.busyBefore = busyBefore;
  if (busyBefore > 0.1) console.warn(`Other processes use ${Math.round(busyBefore * 100)} % of the CPU; the figures will be lower than the machine can do.`);
  const catalogRun = !only || catalogKeys.some((key) => only.includes(key));
  if (catalogRun) await catalogPhase(busyBefore);
  const orderRun = orderKeys.filter((key) => !only || only.includes(key));
  if (orderRun.length > 0) await orderPhase(orderRun, busyBefore);
  await runStandalone();
}

async function runStandalone() {
  if (!only || only.includes('chat')) await import('./chat').then((chat) => chat.runChatBench({ database: kind }));
  if (!only || only.includes('web')) await import('./web').then((web) => web.runWebBench());
}

async function catalogPhase(busyBefore: number) {
  const server = await startServer();
  let uncachedServer: ServerProcess | undefined;
  const watcher = kind === 'postgres' ? new pg.Client({ connectionString: serverUrl }) : undefined;
  await watcher?.connect();
  try {
    const warehouses = await json<{ id: string }[]>('/api/warehouses');
    const warehouseId = warehouses[0]!.id;
    const pages = await Promise.all(
      [1, 5, 20, 100].map((page) => json<{ items: { id: string; stockQuantity: number }[] }>(`/api/products?warehouseId=${warehouseId}&page=${page}&pageSize=60`)),
    );
    const productIds = pages.flatMap((page) => page.items.map((item) => item.id));
    const stocked = pages.flatMap((page) => page.items.filter((item) => item.stockQuantity >= 200).map((item) => item.id)).slice(0, 40);
    const cookies = await signUpCustomers(Math.min(connections, 100));
    const terms = ['chicken', 'milk', 'banan', 'chiken', 'organic', 'bread', 'cheese', 'yogurt', 'coffee', 'apple', 'pasta', 'salmon'];

    const listPage = (headers: Record<string, string> = {}): autocannon.Request[] => [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headers }, path: `/api/products?warehouseId=${warehouseId}&page=${1 + Math.floor(Math.random() * 20)}` }),
      },
    ];
    const listPages = listPage();
    const searches: autocannon.Request[] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products?warehouseId=${warehouseId}&q=${pick(terms)}` }) },
    ];
    const details: autocannon.Request[] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products/${pick(productIds)}?warehouseId=${warehouseId}` }) },
    ];
    const scenarios: Scenario[] = [
      { key: 'ceiling', name: 'bare JSON endpoint (ceiling)', requests: [{ method: 'GET', path: '/api/live' }] },
      { key: 'list', name: 'product list (pages 1–20)', requests: listPages },
      // What a browser asks for; the answers are compressed per request (src/server/lib/compress-json.ts).
      { key: 'list-gzip', name: 'product list, Accept-Encoding: gzip', requests: listPage({ 'accept-encoding': 'gzip' }) },
      { key: 'list-br', name: 'product list, Accept-Encoding: br', requests: listPage({ 'accept-encoding': 'br' }) },
      { key: 'search', name: 'search (12 terms, typos included)', requests: searches },
      { key: 'detail', name: `product detail (${productIds.length} products)`, requests: details },
      {
        key: 'cart',
        name: `add to cart (${cookies.length} customers)`,
        requests: [
          {
            method: 'POST',
            path: '/api/cart/items',
            setupRequest: (request) => ({
              ...request,
              headers: { 'content-type': 'application/json', origin: base, cookie: pick(cookies) },
              body: JSON.stringify({ itemType: 'product', productId: pick(stocked), warehouseId, quantity: 1 }),
            }),
          },
        ],
      },
      { key: 'list-uncached', name: 'product list, catalog cache off', requests: listPages, uncached: true },
      { key: 'search-uncached', name: 'search, catalog cache off', requests: searches, uncached: true },
      { key: 'detail-uncached', name: 'product detail, catalog cache off', requests: details, uncached: true },
    ];

    const results: Result[] = [];
    for (const scenario of scenarios.filter((candidate) => !only || only.includes(candidate.key))) {
      if (scenario.uncached && !uncachedServer) {
        await stopServer(server);
        uncachedServer = await startServer({ CATALOG_CACHE_SECONDS: '0' });
      }
      const result = await measure(scenario, (uncachedServer ?? server).child.pid, watcher);
      console.log(
        `${result.name}: ${result.rps} req/s, ${result.bytes} B/response, server CPU ${result.cpuMicros ?? '?'} µs/request, ` +
          `${watcher ? `database CPU ${result.databaseCpuMicros ?? '?'} µs/request, ` : ''}p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
      results.push(result);
    }
    collected.catalog = results;
    // A run for the summary table (`--figures`) refreshes this database's own section too.
    if (!only || values.json) writeReport(results, busyBefore);
    else console.log(machine(busyBefore, connections));
  } finally {
    await watcher?.end();
    await stopServer(server);
    if (uncachedServer) await stopServer(uncachedServer);
  }
}

/** Where and how the figures were measured, in one sentence. */
function machine(busyBefore: number, clients: number): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return (
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, ${os.type()} ${os.release()}; load generator on the same machine, ` +
    `${Math.round(busyBefore * 100)} % of the CPU busy with other work before the run. ` +
    `${clients} connections, ${seconds} s per scenario after a 2 s warm-up.`
  );
}

function writeReport(results: Result[], busyBefore: number) {
  const ceiling = results[0]!.rps;
  const server = kind === 'postgres';
  const heading = `## ${kind === 'postgres' ? 'PostgreSQL server' : 'Embedded PGlite'}, ${productCount.toLocaleString('en-US')} products`;
  const section = [
    heading,
    '',
    machine(busyBefore, connections),
    '',
    `| scenario | req/s | % of ceiling | bytes/response | server CPU µs/request |${server ? ' database CPU µs/request |' : ''} p50 ms | p99 ms | non-2xx | errors |`,
    `| --- | ---: | ---: | ---: | ---: |${server ? ' ---: |' : ''} ---: | ---: | ---: | ---: |`,
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.rps} | ${Math.round((result.rps / ceiling) * 100)} % | ${result.bytes} | ${result.cpuMicros ?? 'n/a'} |` +
        `${server ? ` ${result.databaseCpuMicros ?? 'n/a'} |` : ''} ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} |`,
    ),
    '',
  ].join('\n');
  writeSection(heading, section);
}


/** The customers placing orders at once; one connection each. */
const orderCustomerCount = 100;
/** Stock and window capacity put beyond reach, so refusals never flatter the figures. */
const plentiful = 1_000_000;

/** The database as the bench sees it, while no server holds it (PGlite allows one process only). */
function openBenchDatabase(): Promise<Database> {
  return kind === 'postgres' ? openDatabase({ kind: 'postgres', url: serverUrl, maxConnections: 2 }) : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
}

interface OrderSetup {
  startedAt: Date;
  warehouse: { id: string; streetAddress: string; city: string; state: string; zipCode: string };
  /** One product per customer. */
  distinct: string[];
  /** The few every customer buys in the contended run. */
  contended: string[];
}

async function prepareOrders(): Promise<OrderSetup> {
  const database = await openBenchDatabase();
  try {
    const db = database.db;
    const [warehouse] = await queryRows<OrderSetup['warehouse']>(
      db,
      sql`select id, street_address as "streetAddress", city, state, zip_code as "zipCode" from warehouses where active order by kitchen_default desc, name limit 1`,
    );
    if (!warehouse) throw new Error('No active warehouse: seed the database first.');
    const products = await queryRows<{ productId: string }>(
      db,
      sql`select product_id as "productId" from warehouse_products where warehouse_id = ${warehouse.id} and active order by product_id limit ${orderCustomerCount + 3}`,
    );
    const ids = products.map((row) => row.productId);
    await db.execute(sql`update warehouses set window_capacity = ${plentiful} where id = ${warehouse.id}`);
    await db.execute(sql`update warehouse_products set stock_quantity = ${plentiful}
      where warehouse_id = ${warehouse.id} and product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
    const [clock] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
    return { startedAt: new Date(clock!.now), warehouse, distinct: ids.slice(0, orderCustomerCount), contended: ids.slice(orderCustomerCount) };
  } finally {
    await database.close();
  }
}

interface OrderCustomer {
  cookie: string;
  addressId: string;
}

async function request(pathname: string, cookie: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(base + pathname, {
    method: init.method ?? 'GET',
    // fetch asks for gzip by default; the catalog scenarios measure compression on their own.
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', origin: base, cookie, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function orderCustomers(setup: OrderSetup): Promise<OrderCustomer[]> {
  const cookies = await signUpCustomers(orderCustomerCount);
  const { streetAddress, city, state, zipCode } = setup.warehouse;
  return Promise.all(
    cookies.map(async (cookie) => {
      const response = await request('/api/addresses', cookie, { method: 'POST', body: { label: 'Bench', streetAddress, city, state, zipCode } });
      if (!response.ok) throw new Error(`address: ${response.status} ${await response.text()}`);
      return { cookie, addressId: ((await response.json()) as { id: string }).id };
    }),
  );
}

export interface OrderResult {
  name: string;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 201 while measuring, by code. */
  refused: Record<string, number>;
  errors: number;
  /** Every order the run placed, warm-up included, for the check. */
  placed: number;
  /** Server CPU time per order placed, its add to cart included, in ms (Linux only). */
  cpuMs?: number;
  /** CPU time of the PostgreSQL backends serving the bench database, per order, in ms (a local server on Linux only). */
  databaseCpuMs?: number;
  /** CPU time of this process (the load generator), per order, in ms. */
  clientCpuMs?: number;
}

/**
 * The PostgreSQL backends connected to the bench database, by pid, with the CPU each has used (ms).
 * Only a server on this machine can be read; the server's shared background processes (WAL writer,
 * checkpointer) serve every database and are left out.
 */
async function databaseCpu(watcher: pg.Client | undefined): Promise<Map<number, number> | undefined> {
  if (!watcher) return undefined;
  const { rows } = await watcher.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = serverCpuMs(pid);
    if (ms === undefined) return undefined;
    used.set(pid, ms);
  }
  return used;
}

/** CPU used between two readings; a backend that started in between counts whole. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const perOrder = (ms: number | undefined, orders: number) => (ms !== undefined && orders > 0 ? Math.round((ms / orders) * 100) / 100 : undefined);

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!);

/**
 * Each customer fills its cart and places it, again and again, for the warm-up and then the measured
 * seconds. Only placements are timed; the cart is refilled after each order it placed.
 */
async function measureOrders(
  key: OrderKey,
  customers: OrderCustomer[],
  setup: OrderSetup,
  serverPid: number | undefined,
  watcher: pg.Client | undefined,
): Promise<OrderResult> {
  const cartOf = (index: number) => (key === 'orders' ? [setup.distinct[index % setup.distinct.length]!] : setup.contended);
  const fill = async (customer: OrderCustomer, index: number) => {
    for (const productId of cartOf(index)) {
      const response = await request('/api/cart/items', customer.cookie, { method: 'POST', body: { itemType: 'product', productId, warehouseId: setup.warehouse.id, quantity: 1 } });
      if (!response.ok) throw new Error(`add to cart: ${response.status} ${await response.text()}`);
    }
  };
  // A window of tomorrow is open whatever the hour the bench runs at; as soon as possible may not be.
  const totals = await Promise.all(
    customers.map(async (customer, index) => {
      await request('/api/cart/items', customer.cookie, { method: 'DELETE' });
      await fill(customer, index);
      type Quote = { totals: { totalAmount: number }; delivery: { windows: { start: string; available: boolean }[] }; problems: unknown[] };
      const quoteFor = async (delivery?: { kind: 'window'; start: string }) => {
        const response = await request('/api/checkout/quote', customer.cookie, { method: 'POST', body: { addressId: customer.addressId, delivery } });
        if (!response.ok) throw new Error(`quote: ${response.status} ${await response.text()}`);
        return (await response.json()) as Quote;
      };
      const window = (await quoteFor()).delivery.windows.filter((offered) => offered.available).at(-1)!.start;
      const quote = await quoteFor({ kind: 'window', start: window });
      if (quote.problems.length > 0) throw new Error(`quote: ${JSON.stringify(quote.problems)}`);
      return { total: quote.totals.totalAmount, window };
    }),
  );

  const warmUpEnds = performance.now() + 2000;
  const ends = warmUpEnds + seconds * 1000;
  let cpuBefore: number | undefined;
  let clientBefore: NodeJS.CpuUsage | undefined;
  let databaseBefore: Promise<Map<number, number> | undefined> = Promise.resolve(undefined);
  const sampleCpu = setTimeout(() => {
    cpuBefore = serverCpuMs(serverPid);
    clientBefore = process.cpuUsage();
    databaseBefore = databaseCpu(watcher);
  }, 2000);
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let errors = 0;
  let placed = 0;
  let measured = 0;
  let firstError: string | undefined;
  await Promise.all(
    customers.map(async (customer, index) => {
      const { total, window } = totals[index]!;
      let filled = true;
      while (performance.now() < ends) {
        const started = performance.now();
        const counts = started >= warmUpEnds;
        try {
          // A failed refill is tried again before the next placement, so a cart is never placed empty.
          if (!filled) {
            await fill(customer, index);
            filled = true;
            continue;
          }
          const response = await request('/api/orders', customer.cookie, {
            method: 'POST',
            headers: { 'idempotency-key': `bench-${crypto.randomUUID()}` },
            body: { addressId: customer.addressId, delivery: { kind: 'window', start: window }, tip: 0, paymentMethod: 'cash_on_delivery', expectedTotal: total },
          });
          const body = await response.text();
          if (response.status === 201) {
            placed += 1;
            filled = false;
            if (counts) {
              measured += 1;
              latencies.push(performance.now() - started);
            }
          } else if (counts) {
            const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? String(response.status);
            refused[code] = (refused[code] ?? 0) + 1;
          }
        } catch (error) {
          if (counts) errors += 1;
          firstError ??= String(error);
        }
      }
    }),
  );
  clearTimeout(sampleCpu);
  const cpuAfter = serverCpuMs(serverPid);
  const client = clientBefore ? process.cpuUsage(clientBefore) : undefined;
  const [databaseStart, databaseEnd] = [await databaseBefore, await databaseCpu(watcher)];
  if (firstError) console.warn(`first failed request: ${firstError}`);
  latencies.sort((a, b) => a - b);
  return {
    name: key === 'orders' ? `${customers.length} customers, distinct products` : `${customers.length} customers, the same ${setup.contended.length} products`,
    ordersPerSecond: Math.round(measured / seconds),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    refused,
    errors,
    placed,
    cpuMs: perOrder(cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined, measured),
    databaseCpuMs: perOrder(databaseStart && databaseEnd ? cpuBetween(databaseStart, databaseEnd) : undefined, measured),
    clientCpuMs: perOrder(client ? (client.user + client.system) / 1000 : undefined, measured),
  };
}

interface OrderCheck {
  negativeShelves: number;
  /** Products whose stock fell by other than what the orders took. */
  mismatchedProducts: number;
  incompleteOrders: number;
  ordersWritten: number;
}

/** After the run, with the server stopped: no oversell, every unit sold taken once, every order whole. */
async function verifyOrders(setup: OrderSetup): Promise<OrderCheck> {
  const database = await openBenchDatabase();
  try {
    const db = database.db;
    const ids = JSON.stringify([...setup.distinct, ...setup.contended]);
    const [check] = await queryRows<OrderCheck>(
      db,
      sql`with run as (select id from orders where placed_at >= ${setup.startedAt.toISOString()}::timestamptz),
        sold as (select i.product_id, sum(i.quantity)::int as units from order_items i join run on run.id = i.order_id group by i.product_id)
      select
        (select count(*) from warehouse_products where stock_quantity < 0)::int as "negativeShelves",
        (select count(*) from warehouse_products wp left join sold on sold.product_id = wp.product_id
          where wp.warehouse_id = ${setup.warehouse.id} and wp.product_id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
            and ${plentiful} - wp.stock_quantity <> coalesce(sold.units, 0))::int as "mismatchedProducts",
        (select count(*) from run where not exists (select 1 from order_items i where i.order_id = run.id)
          or not exists (select 1 from order_events e where e.order_id = run.id and e.status = 'placed')
          or not exists (select 1 from payments p where p.order_id = run.id))::int as "incompleteOrders",
        (select count(*) from run)::int as "ordersWritten"`,
    );
    return check!;
  } finally {
    await database.close();
  }
}

async function orderPhase(keys: readonly OrderKey[], busyBefore: number) {
  const loadBefore = os.loadavg();
  const setup = await prepareOrders();
  const server = await startServer();
  const results: OrderResult[] = [];
  const watcher = kind === 'postgres' ? new pg.Client({ connectionString: serverUrl }) : undefined;
  await watcher?.connect();
  try {
    const customers = await orderCustomers(setup);
    for (const key of keys) {
      const result = await measureOrders(key, customers, setup, server.child.pid, watcher);
      console.log(
        `order placement, ${result.name}: ${result.ordersPerSecond} orders/s, server CPU ${result.cpuMs ?? '?'} ms/order, ` +
          `database CPU ${result.databaseCpuMs ?? '?'} ms/order, load generator CPU ${result.clientCpuMs ?? '?'} ms/order, ` +
          `p50 ${result.p50} ms, p99 ${result.p99} ms, refused ${JSON.stringify(result.refused)}, errors ${result.errors}`,
      );
      results.push(result);
    }
  } finally {
    await watcher?.end();
    await stopServer(server);
  }
  const check = await verifyOrders(setup);
  const answered = results.reduce((sum, result) => sum + result.placed, 0);
  const sound = check.negativeShelves === 0 && check.mismatchedProducts === 0 && check.incompleteOrders === 0 && check.ordersWritten === answered;
  console.log(`check: ${JSON.stringify(check)}, orders answered 201: ${answered}${sound ? '' : ' — FAILED'}`);
  collected.orders = results;
  writeOrderReport(results, check, answered, busyBefore, loadBefore);
  if (!sound) process.exitCode = 1;
}

function writeOrderReport(results: OrderResult[], check: OrderCheck, answered: number, busyBefore: number, loadBefore: number[]) {
  const heading = `## Order placement, ${kind === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite'}`;
  const server = kind === 'postgres';
  const refusals = (refused: Record<string, number>) => Object.entries(refused).map(([code, count]) => `${code} ${count}`).join(', ') || '0';
  const section = [
    heading,
    '',
    `\`npm run bench -- --database ${kind} --products ${productCount} --seconds ${seconds} --only ${orderKeys.join(',')}\``,
    '',
    `${machine(busyBefore, orderCustomerCount)} Load average ${loadBefore.map((load) => load.toFixed(1)).join(', ')} before the run.`,
    'Each customer adds to its cart and places it (a window tomorrow, pay on delivery), then again; only the placements are timed. ' +
      `Server CPU is the server process’s time per order, its add to cart included${server ? ' (the database server’s own time is not in it)' : ' (the embedded database runs inside it)'}; ` +
      `${server ? 'database CPU is that of the PostgreSQL backends connected to the bench database; ' : ''}load generator CPU is that of the bench process.`,
    '',
    `| scenario | orders/s | server CPU ms/order |${server ? ' database CPU ms/order |' : ''} load generator CPU ms/order | p50 ms | p99 ms | refused | errors |`,
    `| --- | ---: | ---: |${server ? ' ---: |' : ''} ---: | ---: | ---: | --- | ---: |`,
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.ordersPerSecond} | ${result.cpuMs ?? 'n/a'} |${server ? ` ${result.databaseCpuMs ?? 'n/a'} |` : ''} ${result.clientCpuMs ?? 'n/a'} | ` +
        `${result.p50} | ${result.p99} | ${refusals(result.refused)} | ${result.errors} |`,
    ),
    '',
    `Check after the run: ${check.ordersWritten} orders written for ${answered} answered 201; ${check.negativeShelves} shelves below zero; ` +
      `${check.mismatchedProducts} products whose stock fell by other than the units ordered; ${check.incompleteOrders} orders without their lines, first event or payment.`,
    '',
  ].join('\n');
  writeSection(heading, section);
}

await main();
if (values.json) writeFileSync(values.json, JSON.stringify({ database: kind, ...collected }));
if (kind === 'postgres' && !only && !values.figures) await import('./tracking-fanout').then((fanout) => fanout.runTrackingFanout({}));
