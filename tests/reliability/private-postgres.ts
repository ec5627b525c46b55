import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL server programs installed the Debian way, if any. */
function serverPrograms(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const programs = serverPrograms();
// PostgreSQL refuses to run as root: as root, its programs run as the postgres user.
const asRoot = process.getuid?.() === 0;
const postgresUser = asRoot ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;

/** Whether this machine can run a PostgreSQL server of a test's own. */
export const canRunPrivatePostgres = Boolean(programs) && (!asRoot || postgresUser !== undefined);

function run(program: string, args: string[]) {
  const command = asRoot ? 'runuser' : path.join(programs!, program);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(programs!, program), ...args] : args;
  execFileSync(command, fullArgs, { stdio: 'pipe' });
}

/**
 * A PostgreSQL server of the test's own, on its own port and folder, so that it can be stopped and
 * started (as an outage or a failover does) without touching the machine's shared server.
 */
export function privatePostgres(port: number) {
  const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-pg-'));
  if (postgresUser !== undefined) chownSync(folder, postgresUser, -1);
  const data = path.join(folder, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-w', '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops at once, as a crash does: no checkpoint, connections cut. */
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    start,
    remove: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
