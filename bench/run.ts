/**
 * `npm run bench [-- --products 50000 --connections 200 --seconds 10 --database pglite|postgres]`
 *
 * Seeds a large catalog (once; reused from the data folder), starts the real server in a child process,
 * and measures with autocannon: a bare JSON endpoint of the same server (the ceiling), the product list,
 * search, product detail and add-to-cart. Results go to docs/benchmarks.md with the machine they came from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
  },
});
const productCount = Number(values.products);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const kind = values.database === 'postgres' ? 'postgres' : 'pglite';
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
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

async function startServer(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'src/server/index.ts'], {
    cwd: root,
    env: { ...process.env, ...databaseEnv(), PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('server did not start');
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
  name: string;
  requests: autocannon.Request[];
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function measure(scenario: Scenario): Promise<Result> {
  const options = { url: base, connections, requests: scenario.requests };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT, connections
  const result = await autocannon({ ...options, duration: seconds });
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  await prepareDatabase();
  // Another busy process on the same cores would take its share of the numbers; say so up front.
  const [loadBefore = 0] = os.loadavg();
  if (loadBefore > os.cpus().length / 2) {
    console.warn(`The machine is busy (load average ${loadBefore.toFixed(2)}); the figures will be lower than it can do.`);
  }
  const server = await startServer();
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

    const scenarios: Scenario[] = [
      { name: 'bare JSON endpoint (ceiling)', requests: [{ method: 'GET', path: '/api/live' }] },
      {
        name: 'product list (pages 1–20)',
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products?warehouseId=${warehouseId}&page=${1 + Math.floor(Math.random() * 20)}` }) }],
      },
      {
        name: 'search (12 terms, typos included)',
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products?warehouseId=${warehouseId}&q=${pick(terms)}` }) }],
      },
      {
        name: `product detail (${productIds.length} products)`,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/products/${pick(productIds)}?warehouseId=${warehouseId}` }) }],
      },
      {
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
    ];

    const results: Result[] = [];
    for (const scenario of scenarios) {
      const result = await measure(scenario);
      console.log(`${result.name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
      results.push(result);
    }
    writeReport(results, loadBefore);
  } finally {
    server.kill('SIGTERM');
  }
}

function writeReport(results: Result[], loadBefore: number) {
  const ceiling = results[0]!.rps;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const heading = `## ${kind === 'postgres' ? 'PostgreSQL server' : 'Embedded PGlite'}, ${productCount.toLocaleString('en-US')} products`;
  const section = [
    heading,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}, ${os.type()} ${os.release()}; load generator on the same machine, ` +
      `load average ${loadBefore.toFixed(2)} before the run. ` +
      `${connections} connections, ${seconds} s per scenario after a 2 s warm-up.`,
    '',
    '| scenario | req/s | % of ceiling | p50 ms | p99 ms | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.rps} | ${Math.round((result.rps / ceiling) * 100)} % | ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} |`,
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
