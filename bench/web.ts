/**
 * `npm run bench -- --only web` (or `npx tsx bench/web.ts [--runs 3] [--port 4730] [--no-build]`)
 *
 * The web app's first load, measured on the production build:
 * - the JavaScript and CSS each page needs before it renders, from the build's module graph
 *   (bench/first-load.ts), in gzip bytes;
 * - what headless Chromium actually fetches while loading the page until the network is idle (lazy
 *   chunks that a page asks for at once included), in gzip bytes and as transferred (the server sends
 *   brotli to browsers);
 * - Lighthouse's mobile profile (simulated slow 4G and a 4× slower CPU) on / and /products: the
 *   performance score, Largest Contentful Paint, Total Blocking Time and Cumulative Layout Shift, the
 *   median of several runs because other work on the machine moves them.
 * It builds the app, starts the server on a fresh demo database and writes its section of
 * docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer, stopServer, type ServerProcess } from './bench-server';
import { writeSection } from './report';
import { firstLoad, firstLoadPages, gzipBytes, readManifest, type FirstLoadPage } from './first-load';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist/web');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags the end-to-end tests give Chromium (playwright.config.ts). */
const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** The pages Lighthouse measures: the two a shopper lands on. */
const lighthousePages = ['/', '/products'] as const;

export interface WebBenchOptions {
  port?: number;
  /** Lighthouse runs per page; the median is reported. */
  runs?: number;
  /** Measure the build already in dist/web instead of building first. */
  build?: boolean;
}

/** A fresh demo database: the pages show the catalog a visitor sees. */
function startServer(port: number, dataDir: string): Promise<ServerProcess> {
  return startBenchServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'true' }, { timeoutMs: 120_000 });
}

async function firstProductPath(base: string): Promise<string> {
  const warehouses = (await (await fetch(`${base}/api/warehouses`)).json()) as { id: string }[];
  const products = (await (await fetch(`${base}/api/products?warehouseId=${warehouses[0]!.id}&pageSize=1`)).json()) as { items: { id: string }[] };
  return `/product/${products.items[0]!.id}`;
}

interface Fetched {
  jsGzip: number;
  cssGzip: number;
  /** Bytes on the wire for the same files, as the server chose to encode them. */
  transferred: number;
  files: number;
}

/** What Chromium fetches of the app's own JS and CSS while loading the page until the network is idle. */
async function fetchedByBrowser(base: string, urlPath: string): Promise<Fetched> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const assets: Promise<{ file: string; transferred: number }>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== base || !/\.(js|css)$/.test(url.pathname)) return;
      assets.push(request.sizes().then((sizes) => ({ file: url.pathname.slice(1), transferred: sizes.responseBodySize })));
    });
    await page.goto(base + urlPath, { waitUntil: 'networkidle' });
    const files = await Promise.all(assets);
    const sum = (list: typeof files) => list.reduce((total, { file }) => total + gzipBytes(distDir, file), 0);
    return {
      jsGzip: sum(files.filter(({ file }) => file.endsWith('.js'))),
      cssGzip: sum(files.filter(({ file }) => file.endsWith('.css'))),
      transferred: files.reduce((total, { transferred }) => total + transferred, 0),
      files: files.length,
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** One Lighthouse run; on a busy machine a run now and then fails to record its trace, and is tried again by the caller. */
async function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
  try {
    // The default configuration is the mobile profile: a mid-range phone on slow 4G, simulated.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export async function runWebBench(options: WebBenchOptions = {}) {
  const port = options.port ?? 4730;
  const runs = options.runs ?? 3;
  const base = `http://127.0.0.1:${port}`;
  if (options.build ?? true) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const manifest = readManifest(distDir);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freshcart-web-bench-'));
  const loadBefore = os.loadavg();
  const server = await startServer(port, dataDir);
  try {
    const productPath = await firstProductPath(base);
    const urlOf: Record<FirstLoadPage, string> = { '/': '/', '/products': '/products', '/product/{id}': productPath };
    const sizes = [];
    for (const page of Object.keys(firstLoadPages) as FirstLoadPage[]) {
      const needed = firstLoad(distDir, page, manifest);
      const fetched = await fetchedByBrowser(base, urlOf[page]);
      sizes.push({ page, needed, fetched });
      console.log(`${page}: needs ${kb(needed.jsBytes)} KB JS + ${kb(needed.cssBytes)} KB CSS; the browser fetched ${kb(fetched.jsGzip)} KB JS + ${kb(fetched.cssGzip)} KB CSS (gzip)`);
    }
    const scores = [];
    for (const page of lighthousePages) {
      const figures: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        figures.push(await lighthouseOnce(base + page).catch(() => lighthouseOnce(base + page)));
        console.log(`Lighthouse ${page} run ${run + 1}: ${JSON.stringify(figures.at(-1))}`);
      }
      scores.push({
        page,
        all: figures.map((figure) => figure.score),
        score: median(figures.map((figure) => figure.score)),
        lcpMs: median(figures.map((figure) => figure.lcpMs)),
        tbtMs: median(figures.map((figure) => figure.tbtMs)),
        cls: median(figures.map((figure) => figure.cls)),
      });
    }
    const loadAfter = os.loadavg();
    const section = [
      '## Web app first load',
      '',
      `\`npm run bench -- --only web\` (\`bench/web.ts\`: builds, serves the build with \`NODE_ENV=production\` on a fresh demo database, ${runs} Lighthouse runs per page, median).`,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
        `Node ${process.version}, ${os.type()} ${os.release()}, Chromium ${chromiumVersion()}; load average ${loadBefore.map((load) => load.toFixed(1)).join(', ')} before ` +
        `and ${loadAfter.map((load) => load.toFixed(1)).join(', ')} after the run (other work shares the ${os.cpus().length} cores, which lowers Lighthouse's figures).`,
      '',
      '| page | JS needed to render (gzip) | CSS (gzip) | JS fetched until idle (gzip) | JS + CSS transferred (br) | files |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...sizes.map(
        ({ page, needed, fetched }) =>
          `| ${page} | ${kb(needed.jsBytes)} KB | ${kb(needed.cssBytes)} KB | ${kb(fetched.jsGzip)} KB | ${kb(fetched.transferred)} KB | ${fetched.files} |`,
      ),
      '',
      'Lighthouse 12, mobile profile (simulated slow 4G, 4× CPU slowdown), median of the runs:',
      '',
      '| page | performance (each run) | Largest Contentful Paint | Total Blocking Time | Cumulative Layout Shift |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...scores.map(
        (score) => `| ${score.page} | ${score.score} (${score.all.join(', ')}) | ${(score.lcpMs / 1000).toFixed(2)} s | ${score.tbtMs} ms | ${score.cls.toFixed(3)} |`,
      ),
      '',
    ].join('\n');
    console.log(section);
    writeSection('## Web app first load', section);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function chromiumVersion(): string {
  try {
    return /\d+(\.\d+)+/.exec(execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[0] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}


if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4730' },
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  await runWebBench({ port: Number(values.port), runs: Number(values.runs), build: !values['no-build'] });
}
