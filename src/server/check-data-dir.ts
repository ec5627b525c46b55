/**
 * `npm start` runs this before it builds the web app: a second start on a data folder that a running
 * server holds stops here, before the build rewrites the files that server is sending.
 */
import { databaseTarget } from './bootstrap';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { EnvError, parseEnv } from './env';

try {
  const target = databaseTarget(parseEnv());
  if (target.kind === 'pglite' && target.dataDir) lockDataDir(target.dataDir).release();
} catch (error) {
  if (!(error instanceof DataDirInUseError || error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
