import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from './db/data-dir-lock';
import { StartupStepError, startupFailureMessage, startupStep } from './startup-failure';

/** An error as the PostgreSQL driver gives it: a message and a SQLSTATE code. */
function databaseError(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

const env = { DATABASE_URL: 'postgres://shop:s3cret-pass@db.internal:6432/freshcart' };

describe('startupFailureMessage', () => {
  it('names the step and the database\'s own reason, not the query drizzle wrapped it in', async () => {
    const wrapped = new Error('Failed query: CREATE TYPE "public"."role" AS ENUM(\'customer\')\nparams: ', {
      cause: databaseError('duplicate key value violates unique constraint "pg_type_typname_nsp_index"', '23505'),
    });
    const error = await startupStep('migrating the database', () => Promise.reject(wrapped)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartupStepError);
    expect(startupFailureMessage(error, env)).toBe(
      'FreshCart could not start: migrating the database failed: duplicate key value violates unique constraint "pg_type_typname_nsp_index" (23505).',
    );
  });

  it('names where DATABASE_URL points when the server refuses the connection, never its password', () => {
    const message = startupFailureMessage(databaseError('password authentication failed for user "shop"', '28P01'), env);
    expect(message).toBe(
      'FreshCart could not start: the database at db.internal:6432/freshcart (DATABASE_URL) refused the connection: password authentication failed for user "shop" (28P01).',
    );
    expect(message).not.toContain('s3cret-pass');
  });

  it('names an unknown database host', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' });
    expect(startupFailureMessage(error, env)).toBe(
      'FreshCart could not start: cannot reach the database at db.internal:6432/freshcart (DATABASE_URL): the host name is unknown (ENOTFOUND).',
    );
  });

  it('keeps the first line of anything else', () => {
    expect(startupFailureMessage(new Error('the bucket is missing\n    at somewhere (file.ts:1:1)'), {})).toBe(
      'FreshCart could not start: the bucket is missing.',
    );
  });

  it('passes a data folder held by another process through as it is', () => {
    const error = new DataDirInUseError('/srv/data/pglite', 4242, '/srv/data/pglite.lock');
    expect(startupFailureMessage(error, {})).toBe(error.message);
  });
});
