import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvalWorld, formatReport, runSuite, type EvalWorld } from '../../../../eval/chat/suite';
import { chatTasks } from '../../../../eval/chat/tasks';
import { databaseKinds } from '../../test/test-database';

/** τ-bench's pass^k: every task must pass this many runs in a row. */
const K = 4;

describe.each(databaseKinds)('the support chat evaluation suite against the built-in assistant (%s)', (kind) => {
  let world: EvalWorld;
  beforeAll(async () => {
    // The built-in assistant whatever this machine's environment configures.
    world = await createEvalWorld({ kind, env: { AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: undefined } });
  });
  afterAll(() => world?.close());

  it('holds at least 40 tasks with distinct ids, covering every category', () => {
    expect(chatTasks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(chatTasks.map((task) => task.id)).size).toBe(chatTasks.length);
    expect(new Set(chatTasks.map((task) => task.category))).toEqual(
      new Set(['status', 'recent-orders', 'cancel', 'refund', 'not-allowed', 'other-customer', 'which-order', 'escalation', 'off-topic', 'small-talk', 'service-facts', 'injection', 'confirmation']),
    );
  });

  it(`passes every task ${K} times in a row (pass^${K} = 100 %)`, { timeout: 240_000 }, async () => {
    expect(world.provider).toBe('built-in');
    const report = await runSuite(world, { tasks: chatTasks, k: K });
    const failed = report.tasks.filter((entry) => !entry.passedAll).map((entry) => entry.task.id);
    expect(failed, formatReport(report)).toEqual([]);
    expect(report.passHatK).toBe(1);
  });
});
