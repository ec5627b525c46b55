import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../..');

/** The server as `npm start` runs it, in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

/**
 * The V8 flags `npm start` gives the server (package.json): a young generation large enough that the
 * objects of a few hundred requests in flight die young instead of being promoted and collected by
 * the full collector, at its full size from the start, so an instance's memory does not creep up as
 * V8 would otherwise grow it (ADR 059).
 */
export const serverNodeFlags = ['--min-semi-space-size=64', '--max-semi-space-size=64'];

/**
 * Starts `src/server/index.ts` in production mode, with the flags `npm start` gives it and `env` over a
 * quiet default configuration; a variable set to `undefined` is removed from the environment the
 * server inherits.
 */
export function startServer(env: Record<string, string | undefined>, options: { nodeArgs?: string[]; discardStdout?: boolean } = {}): ServerProcess {
  const child = spawn(process.execPath, [...serverNodeFlags, ...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'server-process-test-secret-0123456789-abcdefghij',
      ...env,
    },
    stdio: ['ignore', options.discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  const server: ServerProcess = { child, stdout: '', stderr: '', exited: new Promise((resolve) => child.once('exit', resolve)) };
  child.stdout?.on('data', (chunk: Buffer) => (server.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (server.stderr += chunk.toString()));
  return server;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Asks `/api/health` until it answers, the process ends or the time is up. */
export async function waitHealthy(server: ServerProcess, port: number, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return (await response.json()) as unknown;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer on port ${port} within ${timeoutMs} ms: ${server.stderr}`);
}

/** Waits for a server that should stop by itself; one still running after `timeoutMs` is killed. */
export async function exitOf(server: ServerProcess, timeoutMs = 60_000) {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, lines: server.stderr.trim().split('\n') };
}

/** Stops a server with `signal` and waits until its process is gone. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await exitOf(server, 30_000);
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, dropped by `drop()`. */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
