import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir, lockFileFor } from './data-dir-lock';

/** The PID of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  let folder: string;
  let dataDir: string;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'freshcart-lock-'));
    dataDir = path.join(folder, 'pglite');
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a second opener and names the process that holds the folder', () => {
    const lock = lockDataDir(dataDir);
    try {
      expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
      let refusal: unknown;
      try {
        lockDataDir(dataDir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as DataDirInUseError).pid).toBe(process.pid);
      expect((refusal as Error).message).toContain(`PID ${process.pid}`);
      expect((refusal as Error).message).toContain(dataDir);
      expect((refusal as Error).message).not.toContain('\n');
    } finally {
      lock.release();
    }
  });

  it('refuses while another running process holds the lock', () => {
    // The test runner that started this worker: a process that surely runs and is not this one.
    const runningPid = process.ppid;
    writeFileSync(lockFileFor(dataDir), `${runningPid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(`PID ${runningPid}`);
    expect(readFileSync(lockFileFor(dataDir), 'utf8').trim()).toBe(String(runningPid));
  });

  it('takes over a lock left by a process that is no longer running', () => {
    const pid = deadPid();
    writeFileSync(lockFileFor(dataDir), `${pid}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock, and one with its own PID that it did not take (a restarted container)', () => {
    writeFileSync(lockFileFor(dataDir), 'garbage');
    lockDataDir(dataDir).release();
    writeFileSync(lockFileFor(dataDir), `${process.pid}\n`);
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    lock.release();
  });

  it('removes the lock on release, and never one another process took meanwhile', () => {
    const lock = lockDataDir(dataDir);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lockDataDir(dataDir).release();

    const again = lockDataDir(dataDir);
    writeFileSync(again.file, `${process.ppid}\n`);
    again.release();
    expect(readFileSync(again.file, 'utf8').trim()).toBe(String(process.ppid));
  });
});

describe('the embedded database', () => {
  it('is held by one opener at a time and released on close', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-lock-db-'));
    const dataDir = path.join(folder, 'pglite');
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(`PID ${process.pid}`);
      await first.close();
      expect(existsSync(lockFileFor(dataDir))).toBe(false);
      lockDataDir(dataDir).release();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
