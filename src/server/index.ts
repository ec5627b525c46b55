import { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { demoAccounts } from './db/seed/demo';
import { EnvError, parseEnv, type Env } from './env';
import { createLogger } from './lib/logger';
import { startPopularityRefresh } from './modules/catalog/popularity';
import { startMealPlanScheduler } from './modules/kitchens/meal-plan-scheduler';
import { startOrderNotifications } from './modules/notifications/start-order-notifications';
import { startupFailureMessage } from './startup-failure';

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

/** A start that fails says why in one line, with no stack trace, and exits non-zero (startup-failure.ts). */
function failStart(error: unknown): never {
  console.error(startupFailureMessage(error, env));
  process.exit(1);
}

const deps = await buildDeps({ env, logger, webRoot: existsSync(webRoot) ? webRoot : undefined }).catch(failStart);
const app = createApp(deps);
// Each week's meal plan deliveries become orders the day before; every instance may run it.
const mealPlans = startMealPlanScheduler({ db: deps.database.db, logger });
// The default sort's popularity, copied from orders and ratings every minute (ADR 043).
const popularity = startPopularityRefresh({ db: deps.database.db, logger });
// Every instance hears every order event; each push is still sent once (ADR 037).
const notifications = await startOrderNotifications({ database: deps.database, push: deps.push, nativePush: deps.nativePush, logger }).catch(failStart);

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(`FreshCart is running at ${env.PUBLIC_URL} (listening on ${info.address}:${info.port}, database: ${deps.database.kind})`);
  if (env.SEED_DEMO) {
    const lines = demoAccounts.map((account) => `  ${account.role.padEnd(13)} ${account.email}`);
    logger.info(`Demo accounts (password: ${env.DEMO_PASSWORD}):\n${lines.join('\n')}`);
  }
});

// An idle keep-alive connection stays open longer than a client or a load balancer keeps it (Node's 5 s
// default races a client reusing the socket just as the server closes it: the request gets a reset).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

// A port taken by another process is a failed start too; once listening, errors are the server's own.
server.once('error', failStart);
server.once('listening', () => server.off('error', failStart));

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await mealPlans.stop();
  await popularity.stop();
  await notifications.stop();
  await deps.database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
