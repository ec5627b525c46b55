/**
 * `npm run eval:chat [-- --k 4 --database pglite|postgres --task cancel-confirm-yes,fees --json report.json]`
 *
 * Runs every support-chat task against the real app (in-process, on a fresh test database: PGlite in
 * memory, or with `--database postgres` a new database on TEST_DATABASE_URL), k times each on fresh
 * customers, with the assistant the environment configures (AI_BASE_URL, AI_API_KEY, AI_MODEL; the
 * built-in one otherwise). Prints each task's result, the pass rate and pass^k. Exits non-zero when
 * the built-in assistant fails any run; another provider is measured, not judged.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEvalWorld, formatReport, runSuite } from './suite';
import { chatTasks } from './tasks';

const { values } = parseArgs({
  options: {
    k: { type: 'string', default: '4' },
    database: { type: 'string', default: 'pglite' },
    task: { type: 'string' },
    json: { type: 'string' },
  },
});

const k = Number(values.k);
if (!Number.isInteger(k) || k < 1) {
  console.error('--k takes a whole number of runs per task, 1 or more');
  process.exit(2);
}
if (values.database !== 'pglite' && values.database !== 'postgres') {
  console.error('--database takes pglite or postgres');
  process.exit(2);
}
if (values.database === 'postgres' && !process.env.TEST_DATABASE_URL) {
  console.error('--database postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const wanted = values.task?.split(',').map((id) => id.trim());
const unknown = wanted?.filter((id) => !chatTasks.some((task) => task.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown task: ${unknown.join(', ')}`);
  process.exit(2);
}
const tasks = wanted ? chatTasks.filter((task) => wanted.includes(task.id)) : chatTasks;

const world = await createEvalWorld({ kind: values.database });
let failed = false;
try {
  console.log(`Support chat evaluation: ${tasks.length} tasks × ${k} runs, provider ${world.provider}, ${values.database}`);
  const report = await runSuite(world, {
    tasks,
    k,
    onTask: ({ task, runs, passedAll }) => {
      process.stdout.write(`${passedAll ? 'PASS' : 'FAIL'}  ${task.id.padEnd(40)} ${runs.filter((run) => run.passed).length}/${runs.length}\n`);
    },
  });
  console.log('');
  console.log(formatReport(report));
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          provider: report.provider,
          k: report.k,
          passRate: report.passRate,
          passHatK: report.passHatK,
          tasks: report.tasks.map(({ task, runs, passedAll }) => ({ id: task.id, passedAll, runs: runs.map(({ passed, failures, transcript }) => ({ passed, failures, transcript })) })),
        },
        null,
        2,
      ),
    );
  }
  failed = world.provider === 'built-in' && report.passHatK < 1;
} finally {
  await world.close();
}
process.exit(failed ? 1 : 0);
