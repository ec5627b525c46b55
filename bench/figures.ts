/**
 * `npm run bench -- --figures [--products 50000 --connections 200 --seconds 10]`
 *
 * Every figure of the summary table in one run on one machine: the catalog, add to cart and order
 * placement scenarios of `bench/run.ts` on PostgreSQL and on PGlite (each run in a process of its own,
 * as `npm run bench -- --database … --only …` would), the live tracking fan-out, and `pgbench -S` on
 * the same PostgreSQL server as the database's own ceiling. Each scenario is set against the bare JSON
 * endpoint of its own server (the HTTP ceiling) and, on PostgreSQL, against pgbench's select-only
 * transactions through as many connections as the server's pool.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withClient } from '../src/server/test/server-process';
import { writeSection } from './report';
import type { OrderResult, Result } from './run';
import { runTrackingFanout } from './tracking-fanout';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/freshcart_bench';
/** The server's pool (`openDatabase`): pgbench gets as many connections as the server has. */
const POOL_SIZE = 10;
const scenarioKeys = ['ceiling', 'list', 'list-uncached', 'search', 'search-uncached', 'detail', 'detail-uncached', 'cart', 'orders'];

interface DatabaseRun {
  database: 'postgres' | 'pglite';
  busyBefore?: number;
  catalog: Result[];
  orders: OrderResult[];
}

interface Pgbench {
  tps: number;
  latencyMs: number;
}

export interface FiguresOptions {
  products: number;
  connections: number;
  seconds: number;
}

function runDatabase(database: DatabaseRun['database'], options: FiguresOptions, folder: string): Promise<DatabaseRun> {
  const json = path.join(folder, `${database}.json`);
  const args = [
    '--import', 'tsx', 'bench/run.ts',
    '--database', database,
    '--products', String(options.products),
    '--connections', String(options.connections),
    '--seconds', String(options.seconds),
    '--only', scenarioKeys.join(','),
    '--json', json,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the ${database} run exited with ${code}`));
      else resolve(JSON.parse(readFileSync(json, 'utf8')) as DatabaseRun);
    });
  });
}

/** `pgbench -S` (one indexed select per transaction) on its own database of the same server. */
async function pgbenchSelectOnly(seconds: number): Promise<Pgbench | undefined> {
  const url = Object.assign(new URL(serverUrl), { pathname: '/freshcart_pgbench' }).toString();
  try {
    await withClient(serverUrl, async (client) => {
      const exists = await client.query(`select 1 from pg_database where datname = 'freshcart_pgbench'`);
      if (exists.rowCount === 0) await client.query('create database freshcart_pgbench');
    });
    const initialised = await withClient(url, (client) => client.query(`select to_regclass('pgbench_accounts') as t`).then((result) => result.rows[0].t !== null));
    if (!initialised) execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: ['ignore', 'ignore', 'inherit'] });
    const output = execFileSync('pgbench', ['-S', '-M', 'prepared', '-c', String(POOL_SIZE), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(output)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
    if (!tps || !latency) throw new Error(output);
    return { tps: Math.round(Number(tps)), latencyMs: Number(latency) };
  } catch (error) {
    console.warn(`pgbench -S did not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
}

const percent = (value: number, ceiling: number | undefined) => (ceiling ? `${((value / ceiling) * 100).toFixed(value / ceiling < 0.1 ? 1 : 0)} %` : 'n/a');

export async function runFigures(options: FiguresOptions) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'freshcart-figures-'));
  const loadBefore = os.loadavg();
  try {
    const postgres = await runDatabase('postgres', options, folder);
    const pglite = await runDatabase('pglite', options, folder);
    const pgbench = await pgbenchSelectOnly(options.seconds);
    const fanout = await runTrackingFanout({});
    writeFigures({ options, postgres, pglite, pgbench, fanout, loadBefore });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function writeFigures(run: {
  options: FiguresOptions;
  postgres: DatabaseRun;
  pglite: DatabaseRun;
  pgbench?: Pgbench;
  fanout: Awaited<ReturnType<typeof runTrackingFanout>>;
  loadBefore: number[];
}) {
  const { options, postgres, pglite, pgbench, fanout } = run;
  const ceilingOf = (database: DatabaseRun) => database.catalog.find((result) => result.name.startsWith('bare JSON'))?.rps;
  const rows: string[] = [];
  for (const [index, result] of postgres.catalog.entries()) {
    const embedded = pglite.catalog[index];
    rows.push(
      `| ${result.name} | ${result.rps} | ${result.p50} | ${result.p99} | ${percent(result.rps, ceilingOf(postgres))} | ${pgbench ? percent(result.rps, pgbench.tps) : 'n/a'} | ` +
        `${embedded?.rps ?? 'n/a'} | ${embedded?.p50 ?? 'n/a'} | ${embedded?.p99 ?? 'n/a'} | ${embedded ? percent(embedded.rps, ceilingOf(pglite)) : 'n/a'} |`,
    );
  }
  for (const [index, result] of postgres.orders.entries()) {
    const embedded = pglite.orders[index];
    rows.push(
      `| place order, ${result.name} (orders/s) | ${result.ordersPerSecond} | ${result.p50} | ${result.p99} | ${percent(result.ordersPerSecond, ceilingOf(postgres))} | ${pgbench ? percent(result.ordersPerSecond, pgbench.tps) : 'n/a'} | ` +
        `${embedded?.ordersPerSecond ?? 'n/a'} | ${embedded?.p50 ?? 'n/a'} | ${embedded?.p99 ?? 'n/a'} | ${embedded ? percent(embedded.ordersPerSecond, ceilingOf(pglite)) : 'n/a'} |`,
    );
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const heading = '## Figures: every scenario against its ceiling';
  const section = [
    heading,
    '',
    `\`npm run bench -- --figures --products ${options.products} --connections ${options.connections} --seconds ${options.seconds}\``,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `${os.type()} ${os.release()}, PostgreSQL on the same machine, load generator too. Load average ${run.loadBefore.map((load) => load.toFixed(1)).join(', ')} before the run; ` +
      `share of the CPU busy with other work just before each database's scenarios: PostgreSQL ${Math.round((postgres.busyBefore ?? 0) * 100)} %, PGlite ${Math.round((pglite.busyBefore ?? 0) * 100)} %. ` +
      `${options.products.toLocaleString('en-US')} products, ${options.connections} connections (order placement: 100 customers), ${options.seconds} s per scenario after a 2 s warm-up. ` +
      '"Cache off" rows run on a server started with `CATALOG_CACHE_SECONDS=0`.',
    '',
    pgbench
      ? `The database's own ceiling: \`pgbench -S -M prepared -c ${POOL_SIZE} -j 2 -T ${options.seconds}\` (scale 10, as many connections as the server's pool) on the same server: ` +
        `**${pgbench.tps} transactions/s**, ${pgbench.latencyMs} ms average latency. Each API request runs one or more queries, so "% of pgbench" says how many select-only transactions one request is worth.`
      : 'pgbench was not available on this machine, so the database ceiling is missing.',
    '',
    '| scenario | PostgreSQL req/s | p50 ms | p99 ms | % of HTTP ceiling | % of pgbench -S | PGlite req/s | p50 ms | p99 ms | % of HTTP ceiling |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Live tracking fan-out (PostgreSQL, two instances, ${fanout.trackerCount} trackers): ` +
      fanout.results.map((result) => `${result.name}: p50 ${result.p50} ms, p99 ${result.p99} ms`).join('; ') +
      '. It measures delivery time to every open stream, not requests per second, so it has no ceiling ratio.',
    '',
  ].join('\n');
  writeSection(heading, section, { atTop: true });
}
