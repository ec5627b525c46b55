import type { Db } from '../../db/client';
import { errorEntry, type Logger } from '../../lib/logger';
import { runMealPlanDeliveries } from './run-meal-plan-deliveries';

/** How often the weekly run looks for deliveries due: every instance runs it, the delivery keys keep it to once. */
export const MEAL_PLAN_RUN_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the meal plan deliveries at start-up and then on an interval, one run at a time, until stopped.
 * The clock is a parameter so tests can move it.
 */
export function startMealPlanScheduler(options: { db: Db; logger: Logger; now?: () => Date; intervalMs?: number }): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  // A run still going when the next is due lets that one pass.
  const run = () => {
    if (running) return;
    running = runMealPlanDeliveries({ db: options.db, now: now(), logger: options.logger })
      .then((placed) => {
        if (placed.length > 0) options.logger.info({ count: placed.length }, 'meal plan deliveries placed');
      })
      .catch((error: unknown) => options.logger.error(errorEntry(error), 'meal plan run failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? MEAL_PLAN_RUN_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
