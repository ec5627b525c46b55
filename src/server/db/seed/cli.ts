/**
 * `npm run seed -- [--products N]`: migrates the configured database, seeds the demo if it is empty,
 * and optionally generates N more products (for benchmarks).
 */
import { parseArgs } from 'node:util';
import { buildDeps } from '../../bootstrap';
import { parseEnv } from '../../env';
import { createLogger } from '../../lib/logger';
import { startupFailureMessage } from '../../startup-failure';
import { generateProducts } from './generate-products';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const count = values.products === undefined ? 0 : Number(values.products);
if (!Number.isInteger(count) || count < 0) {
  console.error('--products takes a whole number');
  process.exit(1);
}

const env = parseEnv();
const logger = createLogger(env);
// The embedded database is held by one process at a time: with the server running, this stops here.
// On PostgreSQL the demo is seeded under the start-up lock, as servers starting meanwhile seed it.
const deps = await buildDeps({ env: { ...env, SEED_DEMO: true }, logger }).catch((error: unknown) => {
  console.error(startupFailureMessage(error, env));
  process.exit(1);
});
const db = deps.database.db;
if (count > 0) {
  const started = performance.now();
  await generateProducts({
    db,
    count,
    onProgress: (done) => {
      if (done % 5000 === 0 || done === count) logger.info(`generated ${done} of ${count} products`);
    },
  });
  logger.info(`generated ${count} products in ${Math.round((performance.now() - started) / 1000)} s`);
}
await deps.database.close();
