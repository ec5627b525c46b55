import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import type { Logger } from './logger';

export interface AccessLogOptions {
  logger: Logger;
  /**
   * The share of successful, fast requests written to the access log, from 0 (none) to 1 (all).
   * Refusals, failures and slow requests are always written.
   */
  sampleRate: number;
  /** A request that takes this long or longer is always written, at warn. */
  slowMs: number;
  /** Paths whose successful answers are never written: health and liveness probes. */
  quietPaths?: readonly string[];
}

/** The probes a load balancer or orchestrator calls every few seconds on every instance. */
export const probePaths = ['/api/live', '/api/health'] as const;

/**
 * Picks `rate` of the calls by counting rather than by chance: exactly one in 1/rate is kept, so a
 * sampled log's line count times 1/rate is the traffic, and a test can count what it keeps.
 */
export function createSampler(rate: number): () => boolean {
  let seen = 0;
  return () => {
    const before = Math.floor(seen * rate);
    seen += 1;
    return Math.floor(seen * rate) > before;
  };
}

/**
 * One line per request, with a child logger carrying the request's id for everything logged while it
 * runs. At full load writing a line per request costs a share of the server's time, so successful
 * requests may be sampled or left out; what someone must look at (a 4xx or 5xx, a slow request, and
 * every warning or error a handler logs itself) never is.
 */
export function accessLog(options: AccessLogOptions): MiddlewareHandler<AppEnv> {
  const { logger, slowMs } = options;
  const quietPaths = new Set(options.quietPaths ?? probePaths);
  const sampled = createSampler(options.sampleRate);
  return async (c, next) => {
    const started = performance.now();
    c.set('logger', logger.child({ reqId: c.var.requestId }));
    await next();
    const ms = Math.round(performance.now() - started);
    const { status } = c.res;
    const entry = { method: c.req.method, path: c.req.path, status, ms };
    if (ms >= slowMs) c.var.logger.warn(entry, 'slow request');
    else if (status >= 400 || (!quietPaths.has(c.req.path) && sampled())) c.var.logger.info(entry, 'request');
  };
}
