import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database keeps its data in files that only one process may open: a second one runs
 * happily on its own copy of the pages and each overwrites the other's writes. A lock file beside
 * the folder holds the owner's PID. A process that died (crash, SIGKILL, power cut) leaves the file
 * behind, so a lock whose PID no longer runs is stale and taken over.
 */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by another FreshCart process (PID ${pid}): stop it first, or set DATA_DIR to another folder. ` +
        `(If no process ${pid} is running, delete ${lockFile}.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Lock files held by this process, so a second opener in the same process is refused too. */
const heldHere = new Set<string>();

export function lockFileFor(dataDir: string) {
  const resolved = path.resolve(dataDir);
  return `${resolved}.lock`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates the lock file with our PID in one step: written under a name of our own, then linked to
 * the lock's name, which fails if it exists. No one ever reads a lock file that is still empty.
 */
function createExclusive(file: string): boolean {
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(own, `${process.pid}\n`, { mode: 0o644 });
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(own);
  }
}

/**
 * Takes the lock on a data folder or throws DataDirInUseError naming the process that holds it.
 * A lock left by a process that is no longer running is taken over. A file holding this process's
 * own PID that this process did not take comes from an earlier life of the same PID (a container
 * restarted with the same volume) and is stale too.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const resolved = path.resolve(dataDir);
  const file = lockFileFor(resolved);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (createExclusive(file)) {
      heldHere.add(file);
      const onExit = () => release();
      const release = () => {
        if (!heldHere.delete(file)) return;
        process.off('exit', onExit);
        // Only our own lock: never remove one another process took after ours went stale.
        if (readHolder(file) === process.pid) unlinkSync(file);
      };
      // process.exit() skips the database's close; the lock must not outlive the process anyway.
      process.on('exit', onExit);
      return { file, release };
    }
    const holder = readHolder(file);
    const alive = holder !== undefined && (holder === process.pid ? heldHere.has(file) : isRunning(holder));
    if (alive) throw new DataDirInUseError(resolved, holder, file);
    // Stale, or unreadable. Two processes that find the same stale lock in the same instant could
    // both take it; starting two servers within a millisecond of each other after a crash is not
    // worth a lock server.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${file}: other processes keep replacing it.`);
}
