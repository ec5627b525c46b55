import { DataDirInUseError } from './db/data-dir-lock';

/** A failure of one step of start-up, named for the operator ('migrating the database'). */
export class StartupStepError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`${step} failed`, { cause });
    this.name = 'StartupStepError';
  }
}

/** Runs one step of start-up; a failure carries the step's name. */
export async function startupStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupStepError(step, error);
  }
}

/** Errors of the network: the database server is not there, or not reachable. */
const unreachable: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
};

/** PostgreSQL's refusals of a connection: a wrong password or user, a missing database, no room. */
function refusesConnection(code: string) {
  return code.startsWith('28') || code === '3D000' || code === '53300' || code === '57P03';
}

interface Failure {
  message: string;
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
}

function asFailure(error: unknown): Failure {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & { code?: unknown; syscall?: unknown; address?: unknown; port?: unknown };
  return {
    message: error.message,
    code: typeof fields.code === 'string' ? fields.code : undefined,
    syscall: typeof fields.syscall === 'string' ? fields.syscall : undefined,
    address: typeof fields.address === 'string' ? fields.address : undefined,
    port: typeof fields.port === 'number' ? fields.port : undefined,
  };
}

/**
 * The error that says most: the innermost one with a code (drizzle wraps the driver's error in its
 * own, whose message is the whole query with its parameters).
 */
function rootCause(error: unknown): unknown {
  let current = error;
  let coded: unknown;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (asFailure(current).code) coded = current;
    current = current.cause;
  }
  return coded ?? current ?? error;
}

/** Where DATABASE_URL points, without the user and password in it. */
function databaseName(databaseUrl: string) {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function firstLine(text: string) {
  return text.split('\n')[0]!.trim();
}

function describeFailure(error: unknown, databaseUrl: string | undefined): string {
  const step = error instanceof StartupStepError ? error.step : undefined;
  const cause = asFailure(rootCause(error instanceof StartupStepError ? error.cause : error));
  const code = cause.code ?? '';
  if (code === 'EADDRINUSE' || (code === 'EACCES' && cause.syscall === 'listen')) {
    const where = `port ${cause.port ?? '?'} on ${cause.address ?? 'this host'}`;
    return code === 'EADDRINUSE'
      ? `${where} is already in use (EADDRINUSE): stop what listens there, or set PORT to another port`
      : `${where} may not be listened on by this user (EACCES): set PORT to a port above 1023`;
  }
  if (databaseUrl && unreachable[code]) {
    return `cannot reach the database at ${databaseName(databaseUrl)} (DATABASE_URL): ${unreachable[code]} (${code})`;
  }
  if (databaseUrl && refusesConnection(code)) {
    return `the database at ${databaseName(databaseUrl)} (DATABASE_URL) refused the connection: ${firstLine(cause.message)} (${code})`;
  }
  const detail = `${firstLine(cause.message) || 'unknown error'}${code ? ` (${code})` : ''}`;
  return step ? `${step} failed: ${detail}` : detail;
}

/**
 * One line saying why the server (or the seed command) could not start, for the operator reading
 * the deploy's output: what failed and where, never a stack trace and never DATABASE_URL's password.
 */
export function startupFailureMessage(error: unknown, env: { DATABASE_URL?: string }): string {
  if (error instanceof DataDirInUseError) return error.message;
  return `FreshCart could not start: ${describeFailure(error, env.DATABASE_URL)}.`;
}
