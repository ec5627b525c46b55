/**
 * `npm run bench [-- --products 50000 --connections 200 --seconds 10 --database pglite|postgres --only cart,search]`
 *
 * Seeds a large catalog (once; reused from the data folder), starts the real server in a child process,
 * and measures with autocannon: a bare JSON endpoint of the same server (the ceiling), the product list,
 * search, product detail and add-to-cart. Results go to docs/benchmarks.md with the machine they came from;
 * a run limited by `--only` (ceiling, list, list-gzip, list-br, search, detail, cart, list-uncached,
 * search-uncached) prints its figures without writing them. The gzip and br scenarios repeat the product
 * list asking for a compressed answer, which measures what compressing JSON costs the server. The
 * uncached scenarios repeat list and search with the catalog cache off.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    database: { type: 'string', default: 'pglite' },
    port: { type: 'string', default: '4599' },
    only: { type: 'string' },
  },
});
const productCount = Number(values.products);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const kind = values.database === 'postgres' ? 'postgres' : 'pglite';
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const scenarioKeys = ['ceiling', 'list', 'list-gzip', 'list-br', 'search', 'detail', 'cart', 'list-uncached', 'search-uncached'] as const;
type ScenarioKey = (typeof scenarioKeys)[number];
const only = values.only?.split(',').map((key) => key.trim());
const unknownKeys = only?.filter((key) => !scenarioKeys.includes(key as ScenarioKey)) ?? [];
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

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** The server runs as a direct child, so stopping it stops the process that holds the port. */
async function startServer(env: Record<string, string> = {}): Promise<ChildProcess> {
  if (await answers()) throw new Error(`Something already answers on ${base}; stop it or pass --port.`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...databaseEnv(),
      PORT: String(port),
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 120 && !hasExited(child); attempt += 1) {
    if (await answers()) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stopServer(child);
  throw new Error('server did not start');
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Asks the server to shut down and waits for it; one that hangs for 10 s is killed. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(forced);
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

interface Result {
  name: string;
  rps: number;
  /** Average bytes received per response, headers included. */
  bytes: number;
  /** Server CPU time per request, in µs, where the system reports it. */
  cpuMicros?: number;
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

async function measure(scenario: Scenario, serverPid: number | undefined): Promise<Result> {
  const options = { url: base, connections, requests: scenario.requests };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT, connections
  const cpuBefore = serverCpuMs(serverPid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuAfter = serverCpuMs(serverPid);
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    cpuMicros:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total)
        : undefined,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  await prepareDatabase();
  // Another busy process on the same cores would take its share of the numbers; say so up front.
  const busyBefore = await busyShare();
  if (busyBefore > 0.1) console.warn(`Other processes use ${Math.round(busyBefore * 100)} % of the CPU; the figures will be lower than the machine can do.`);
  const server = await startServer();
  let uncachedServer: ChildProcess | undefined;
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
    const scenarios: Scenario[] = [
      { key: 'ceiling', name: 'bare JSON endpoint (ceiling)', requests: [{ method: 'GET', path: '/api/live' }] },
      { key: 'list', name: 'product list (pages 1–20)', requests: listPages },
      // What a browser asks for; the answers are compressed per request (src/server/lib/compress-json.ts).
      { key: 'list-gzip', name: 'product list, Accept-Encoding: gzip', requests: listPage({ 'accept-encoding': 'gzip' }) },
      { key: 'list-br', name: 'product list, Accept-Encoding: br', requests: listPage({ 'accept-encoding': 'br' }) },
      { key: 'search', name: 'search (12 terms, typos included)', requests: searches },
      {
        key: 'detail',
        name: `product detail (${productIds.length} products)`,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products/${pick(productIds)}?warehouseId=${warehouseId}` }) }],
      },
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
    ];

    const results: Result[] = [];
    for (const scenario of scenarios.filter((candidate) => !only || only.includes(candidate.key))) {
      if (scenario.uncached && !uncachedServer) {
        await stopServer(server);
        uncachedServer = await startServer({ CATALOG_CACHE_SECONDS: '0' });
      }
      const result = await measure(scenario, (uncachedServer ?? server).pid);
      console.log(
        `${result.name}: ${result.rps} req/s, ${result.bytes} B/response, server CPU ${result.cpuMicros ?? '?'} µs/request, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
      results.push(result);
    }
    if (!only) writeReport(results, busyBefore);
    else console.log(machine(busyBefore));
  } finally {
    await stopServer(server);
    if (uncachedServer) await stopServer(uncachedServer);
  }
}

/** Where and how the figures were measured, in one sentence. */
function machine(busyBefore: number): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return (
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, ${os.type()} ${os.release()}; load generator on the same machine, ` +
    `${Math.round(busyBefore * 100)} % of the CPU busy with other work before the run. ` +
    `${connections} connections, ${seconds} s per scenario after a 2 s warm-up.`
  );
}

function writeReport(results: Result[], busyBefore: number) {
  const ceiling = results[0]!.rps;
  const heading = `## ${kind === 'postgres' ? 'PostgreSQL server' : 'Embedded PGlite'}, ${productCount.toLocaleString('en-US')} products`;
  const section = [
    heading,
    '',
    machine(busyBefore),
    '',
    '| scenario | req/s | % of ceiling | bytes/response | server CPU µs/request | p50 ms | p99 ms | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.rps} | ${Math.round((result.rps / ceiling) * 100)} % | ${result.bytes} | ${result.cpuMicros ?? 'n/a'} | ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} |`,
    ),
    '',
  ].join('\n');
  const file = path.join(root, 'docs/benchmarks.md');
  const intro =
    '# Benchmarks\n\nProduced by `npm run bench` (see `bench/run.ts`). Absolute numbers depend on the machine; compare ratios measured in one run.\n\n';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : intro;
  const sections = existing.startsWith('# Benchmarks') ? existing : intro;
  // Replace this database's section, keep the other's.
  const pattern = new RegExp(`${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?(?=\\n## |$)`);
  const updated = pattern.test(sections) ? sections.replace(pattern, section) : sections.trimEnd() + '\n\n' + section;
  writeFileSync(file, updated.trimEnd() + '\n');
  console.log(`Wrote ${path.relative(root, file)}`);
}

await main();
if (kind === 'postgres' && !only) await import('./tracking-fanout').then((fanout) => fanout.runTrackingFanout({}));
