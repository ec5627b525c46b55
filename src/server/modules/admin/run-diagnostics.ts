import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DiagnosticCheck, DiagnosticsReport } from '@/shared/contracts/diagnostics';
import { queryRows } from '../../db/client';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';

type Outcome = { status: DiagnosticCheck['status']; detail: string };

const journalPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/**
 * What the admin reads when a check throws. A driver's or a provider's own message may carry a
 * connection string, a host name inside the network or a credential, so the report says only which
 * dependency failed and the log keeps the detail.
 */
export const failureDetails = {
  Database: 'The database did not answer. The server log has the details.',
  Migrations: 'The applied migrations could not be read. The server log has the details.',
  Mail: 'The mail server could not be reached. The server log has the details.',
  Geocoder: 'The geocoder did not answer. The server log has the details.',
  Payments: 'The payment provider did not answer. The server log has the details.',
  'Google sign-in': 'The Google sign-in settings could not be checked. The server log has the details.',
  Storage: 'The image storage could not write and read back a file. The server log has the details.',
  'AI assistant': 'The AI provider did not answer. The server log has the details.',
} as const;

type CheckName = keyof typeof failureDetails;

function timer(logger: Logger) {
  return async function timed(name: CheckName, check: () => Promise<Outcome>): Promise<DiagnosticCheck> {
    const started = performance.now();
    try {
      const outcome = await check();
      return { name, ...outcome, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      logger.warn({ check: name, ...errorEntry(error) }, 'diagnostic check failed');
      return { name, status: 'fail', detail: failureDetails[name], durationMs: Math.round(performance.now() - started) };
    }
  };
}

/** Checks every dependency the service needs, live, for the admin's test runner. Admins only. */
export async function runDiagnostics(options: {
  deps: Pick<AppDeps, 'database' | 'mailer' | 'geocoder' | 'payments' | 'storage' | 'assistant' | 'env'>;
  viewer: Viewer;
  logger: Logger;
}): Promise<DiagnosticsReport> {
  const { deps, viewer, logger } = options;
  if (viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: 'You do not have access to this.' });
  const { database, mailer, geocoder, payments, storage, assistant, env } = deps;
  const timed = timer(logger);
  const checks = await Promise.all([
    timed('Database', async () => {
      const [row] = await queryRows<{ version: string }>(database.db, sql`select current_setting('server_version') as version`);
      return { status: 'pass', detail: `${database.kind}, PostgreSQL ${row?.version ?? 'unknown'}` };
    }),
    timed('Migrations', async () => {
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
      const [row] = await queryRows<{ applied: number }>(
        database.db,
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = Number(row?.applied ?? 0);
      const expected = journal.entries.length;
      return applied === expected
        ? { status: 'pass', detail: `${applied} of ${expected} applied` }
        : { status: 'fail', detail: `${applied} of ${expected} applied` };
    }),
    timed('Mail', async () => {
      await mailer.verify();
      return { status: 'pass', detail: mailer.name === 'smtp' ? 'SMTP server reachable' : 'No SMTP configured: mail is written to the server log' };
    }),
    timed('Geocoder', async () => ({ status: 'pass', detail: await geocoder.verify() })),
    timed('Payments', async () => ({ status: 'pass', detail: await payments.verify() })),
    timed('Storage', async () => {
      await storage.check();
      return { status: 'pass', detail: `Wrote and read back a file: ${storage.description}` };
    }),
    timed('AI assistant', async () => ({ status: 'pass', detail: await assistant.verify() })),
    timed('Google sign-in', async () =>
      env.GOOGLE_CLIENT_ID
        ? { status: 'pass', detail: env.GOOGLE_CLIENT_SECRET ? 'ID tokens and web redirect' : 'ID tokens only (no client secret)' }
        : { status: 'skipped', detail: 'GOOGLE_CLIENT_ID is not set' },
    ),
  ]);
  return { ok: checks.every((check) => check.status !== 'fail'), checkedAt: new Date().toISOString(), checks };
}
