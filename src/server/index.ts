import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { DataDirInUseError } from './db/data-dir-lock';
import { demoAccounts } from './db/seed/demo';
import { EnvError, parseEnv, type Env } from './env';
import { createLogger } from './lib/logger';
import { startMealPlanScheduler } from './modules/kitchens/meal-plan-scheduler';

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();
const logger = createLogger(env);
const webRoot = path.resolve('dist/web');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  logger.warn('dist/web is missing: only the API is served. Run `npm run build` (npm start does it).');
}

const deps = await buildDeps({ env, logger, webRoot: existsSync(webRoot) ? webRoot : undefined }).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const app = createApp(deps);
// Each week's meal plan deliveries become orders the day before; every instance may run it.
const mealPlans = startMealPlanScheduler({ db: deps.database.db, logger });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(`FreshCart is running at ${env.PUBLIC_URL} (listening on ${info.address}:${info.port}, database: ${deps.database.kind})`);
  if (env.SEED_DEMO) {
    const lines = demoAccounts.map((account) => `  ${account.role.padEnd(13)} ${account.email}`);
    logger.info(`Demo accounts (password: ${env.DEMO_PASSWORD}):\n${lines.join('\n')}`);
  }
});

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await mealPlans.stop();
  await deps.database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
