import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');

interface Run {
  code: number | null;
  stderr: string;
}

/** Starts a command of the project as `npm start` and `npm run seed` do, on the given data folder. */
function start(script: string, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

function runScript(script: string, dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = start(script, dataDir);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a data folder held by another process', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'freshcart-lock-process-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it.each([
    ['the server', 'src/server/index.ts'],
    ['the seed command', 'src/server/db/seed/cli.ts'],
    // `npm start` runs it before building, so a second start does not rewrite the running server's files.
    ['the start check', 'src/server/check-data-dir.ts'],
  ])('stops %s with one line naming the holder, and a non-zero exit', async (_name, script) => {
    // This test process plays the running server.
    const lock = lockDataDir(path.join(folder, 'pglite'));
    try {
      const run = await runScript(script, folder);
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`is in use by another FreshCart process (PID ${process.pid})`);
    } finally {
      lock.release();
    }
  });

  it('removes the lock when a process ends by process.exit without closing the database', async () => {
    const dataDir = path.join(folder, 'pglite');
    const script = `import { lockDataDir } from './src/server/db/data-dir-lock.ts'; lockDataDir(${JSON.stringify(dataDir)}); process.exit(3);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: 'ignore' });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(3);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a second server on the same data folder while the first one runs', async () => {
    const first = start('src/server/index.ts', folder);
    const firstExit = new Promise((resolve) => first.once('exit', resolve));
    try {
      // The first server holds the folder from the moment it opens the database.
      const lockFile = `${path.join(folder, 'pglite')}.lock`;
      for (let attempt = 0; attempt < 200 && !(existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(first.pid)); attempt += 1) {
        expect(first.exitCode).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const second = await runScript('src/server/index.ts', folder);
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toBe(
        `The data folder ${path.join(folder, 'pglite')} is in use by another FreshCart process (PID ${first.pid}): stop it first, ` +
          `or set DATA_DIR to another folder. (If no process ${first.pid} is running, delete ${lockFile}.)`,
      );
      expect(first.exitCode).toBeNull();
    } finally {
      first.kill('SIGKILL');
      await firstExit;
    }
    // Killed, it could not remove its lock; the next opener takes it over.
    const lock = lockDataDir(path.join(folder, 'pglite'));
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    // About 10 s on a busy two-core machine: both processes load the whole server.
  }, 60_000);
});
