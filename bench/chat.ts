/**
 * `npx tsx bench/chat.ts [--customers 50 --rounds 2 --think 1000 --database pglite|postgres --port 4720]`
 * (and `npm run bench -- --only chat`)
 *
 * The support chat under load: a real server process with the built-in assistant, `--customers`
 * signed-in customers chatting at once, each through a scripted conversation (a greeting, where is my
 * order, a cancel proposed and declined, the fees, the recent orders) `--rounds` times, sending the
 * history back each turn as the web client does, and pausing between a reply and their next message as a
 * person reading and typing does (`--think` ms on average, 0.5 to 1.5 times that; 0 sends at once, a
 * burst no person produces). For every reply, the time from sending the message
 * to its first token (the first chunk with content) and to its end (`data: [DONE]`); p50/p99 over all
 * replies. Target: p99 to first token under 200 ms. Results go to docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBenchServer, stopServer, type ServerProcess } from './bench-server';
import { writeSection } from './report';
import { CHAT_MESSAGES_PER_MINUTE } from '../src/shared/contracts/support-chat';
import { openDatabase, type Database } from '../src/server/db/client';
import { createAccount, createWarehouses } from '../src/server/db/seed/factories';
import { createOrder } from '../src/server/test/order-fixture';
import { createAuth } from '../src/server/lib/auth';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';

const secret = 'bench-only-auth-secret-0123456789-abcdefghij';
const password = 'bench-password-1';

export interface ChatBenchOptions {
  customers?: number;
  /** How many times each customer goes through the scripted conversation. */
  rounds?: number;
  /** The average pause between a reply and the customer's next message, in ms. */
  thinkMs?: number;
  database?: 'pglite' | 'postgres';
  port?: number;
}

/** One customer's conversation; `{order}` is their order's number. */
const script = ['Hi!', 'Where is my order?', 'Please cancel order {order}', 'No, keep it', 'What fees do you charge?', 'Show my recent orders'];

interface Timing {
  firstToken: number;
  done: number;
}

/** The server with the built-in assistant, which is what this benchmark measures, whatever the shell configures. */
function startServer(port: number, databaseEnv: Record<string, string>): Promise<ServerProcess> {
  return startBenchServer(port, { ...databaseEnv, SEED_DEMO: 'false', AUTH_SECRET: secret, AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: undefined });
}

/** Sends one message with the history and reads the stream as it arrives, timing its first token and its end. */
async function chat(base: string, cookie: string, history: { role: 'user' | 'assistant'; content: string }[]): Promise<Timing & { text: string }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/support-chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ messages: history }),
  });
  if (response.status !== 200) throw new Error(`support-chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  let firstToken: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the stream ended without [DONE]');
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data === '[DONE]') {
        await reader.cancel();
        return { firstToken: firstToken ?? performance.now() - started, done: performance.now() - started, text };
      }
      if (!data) continue;
      const content = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '';
      if (content && firstToken === undefined) firstToken = performance.now() - started;
      text += content;
    }
  }
}

/** CPU time the server process has used so far, in ms (Linux only): unlike latency, it hardly moves when other work shares the cores. */
function serverCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // After the command name (in parentheses): utime and stime are the 12th and 13th fields.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function runChatBench(options: ChatBenchOptions = {}) {
  const customerCount = options.customers ?? 50;
  const rounds = options.rounds ?? 2;
  const thinkMs = options.thinkMs ?? 1000;
  const kind = options.database ?? 'pglite';
  const port = options.port ?? 4720;
  const base = `http://127.0.0.1:${port}`;
  if (script.length * rounds > CHAT_MESSAGES_PER_MINUTE) throw new Error(`At most ${CHAT_MESSAGES_PER_MINUTE} messages per customer per minute; lower --rounds`);
  // Other work on the same cores delays every reply; the report says how much there was.
  const loadBefore = os.loadavg()[0]!;

  // A database of its own, written before the server holds it (PGlite admits one process at a time).
  let databaseEnv: Record<string, string>;
  let dataDir: string | undefined;
  let database: Database;
  if (kind === 'postgres') {
    const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/freshcart_bench');
    url.pathname = '/freshcart_bench_chat';
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
    await admin.connect();
    await admin.query('drop database if exists freshcart_bench_chat with (force)');
    await admin.query('create database freshcart_bench_chat');
    await admin.end();
    databaseEnv = { DATABASE_URL: url.toString() };
    database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'freshcart-bench-chat-'));
    databaseEnv = { DATA_DIR: dataDir };
    // Where the server keeps its PGlite database inside DATA_DIR (bootstrap.ts).
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  }
  const emails: string[] = [];
  const orderNumbers: string[] = [];
  try {
    await database.migrate();
    const env = parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false', AUTH_SECRET: secret, LOG_LEVEL: 'silent', PUBLIC_URL: base, ...databaseEnv });
    const auth = createAuth({ db: database.db, env, mailer: { name: 'none', send: async () => undefined, verify: async () => undefined }, secret, logger: createLogger(env) });
    const [warehouse] = await createWarehouses({
      db: database.db,
      warehouses: [{ name: 'Austin', streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.27, longitude: -97.74, location: 'Austin, TX' }],
    });
    console.log(`Preparing ${customerCount} customers with an order each…`);
    for (let index = 0; index < customerCount; index += 1) {
      const email = `chat-bench-${index}@example.test`;
      const { profile } = await createAccount({ db: database.db, auth, account: { email, password, firstName: `Chat${index}`, lastName: 'Bench' } });
      const order = await createOrder(database.db, { customerProfileId: profile.id, warehouseId: warehouse!.id, status: index % 2 === 0 ? 'placed' : 'processing' });
      emails.push(email);
      orderNumbers.push(order.orderNumber);
    }
  } finally {
    await database.close();
  }

  const server = await startServer(port, databaseEnv);
  try {
    const cookies: string[] = [];
    for (const email of emails) {
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
      cookies.push(response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '));
    }
    // A warm-up reply per customer: the first request of a process compiles what the rest reuse.
    await Promise.all(cookies.map((cookie) => chat(base, cookie, [{ role: 'user', content: 'Hello' }])));

    console.log(`${customerCount} customers chatting at once, ${rounds} × ${script.length} messages each, ${thinkMs} ms between reply and message on average…`);
    const timings: Timing[] = [];
    const failures: string[] = [];
    const cpuBefore = serverCpuMs(server.child.pid);
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie, index) => {
        const history: { role: 'user' | 'assistant'; content: string }[] = [];
        for (let round = 0; round < rounds; round += 1) {
          for (const line of script) {
            if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
            history.push({ role: 'user', content: line.replace('{order}', orderNumbers[index]!) });
            try {
              const reply = await chat(base, cookie, history);
              history.push({ role: 'assistant', content: reply.text });
              timings.push({ firstToken: reply.firstToken, done: reply.done });
            } catch (error) {
              // Counted and reported, not timed: a reply that never came has no latency to add.
              failures.push(error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error));
              history.pop();
            }
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = serverCpuMs(server.child.pid);
    const firstTokens = timings.map((timing) => timing.firstToken).sort((a, b) => a - b);
    const ends = timings.map((timing) => timing.done).sort((a, b) => a - b);
    const result = {
      replies: timings.length,
      failed: failures.length,
      perSecond: timings.length / seconds,
      cpuMsPerReply: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / timings.length : undefined,
      firstToken: { p50: percentile(firstTokens, 50), p99: percentile(firstTokens, 99), max: firstTokens.at(-1)! },
      done: { p50: percentile(ends, 50), p99: percentile(ends, 99), max: ends.at(-1)! },
    };
    if (failures.length > 0) console.warn(`${failures.length} messages got no reply: ${[...new Set(failures)].join('; ')}`);
    console.log(
      `${result.replies} replies (${result.failed} failed) in ${seconds.toFixed(1)} s (${result.perSecond.toFixed(0)}/s, server CPU ${result.cpuMsPerReply?.toFixed(1) ?? 'n/a'} ms each); first token p50 ${result.firstToken.p50.toFixed(0)} ms, p99 ${result.firstToken.p99.toFixed(0)} ms; ` +
        `end of reply p50 ${result.done.p50.toFixed(0)} ms, p99 ${result.done.p99.toFixed(0)} ms`,
    );
    writeReport({ ...result, customerCount, rounds, thinkMs, kind, loadBefore });
    return result;
  } finally {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeReport(result: {
  replies: number;
  failed: number;
  perSecond: number;
  cpuMsPerReply: number | undefined;
  firstToken: { p50: number; p99: number; max: number };
  done: { p50: number; p99: number; max: number };
  customerCount: number;
  rounds: number;
  thinkMs: number;
  kind: 'pglite' | 'postgres';
  loadBefore: number;
}) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const heading = `## Support chat, built-in assistant, ${result.kind === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite'}`;
  const ms = (value: number) => value.toFixed(0);
  const section = [
    heading,
    '',
    `\`npm run bench -- --only chat${result.kind === 'postgres' ? ' --database postgres' : ''}\` (or \`npx tsx bench/chat.ts\`). ${result.customerCount} signed-in customers chatting at`,
    `once with the built-in assistant, each through a scripted conversation of ${script.length} messages (greeting, where is my order, a cancel`,
    `proposed and declined, fees, recent orders) ${result.rounds} times, sending the history back each turn and pausing ${result.thinkMs} ms on average`,
    '(0.5 to 1.5 times that) between a reply and the next message, as a person reading and typing does; one server process, the load',
    'generator on the same machine. Times from sending a message to its first token and to `data: [DONE]`. Target: p99 to first token under 200 ms.',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}; load average ${result.loadBefore.toFixed(1)} before the run${result.loadBefore > 1 ? ' (other work shared the cores)' : ''}.`,
    '',
    '| replies | failed | replies/s | server CPU ms/reply | first token p50 ms | first token p99 ms | end of reply p50 ms | end of reply p99 ms | end of reply max ms |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.replies} | ${result.failed} | ${result.perSecond.toFixed(0)} | ${result.cpuMsPerReply?.toFixed(1) ?? 'n/a'} | ${ms(result.firstToken.p50)} | ${ms(result.firstToken.p99)} | ${ms(result.done.p50)} | ${ms(result.done.p99)} | ${ms(result.done.max)} |`,
    '',
  ].join('\n');
  writeSection(heading, section);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '2' },
      think: { type: 'string', default: '1000' },
      database: { type: 'string', default: 'pglite' },
      port: { type: 'string', default: '4720' },
    },
  });
  await runChatBench({
    customers: Number(values.customers),
    rounds: Number(values.rounds),
    thinkMs: Number(values.think),
    database: values.database === 'postgres' ? 'postgres' : 'pglite',
    port: Number(values.port),
  });
}
