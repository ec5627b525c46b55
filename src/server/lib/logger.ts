import pino, { type Logger } from 'pino';
import type { Env } from '../env';

export type { Logger };

/** What the log keeps of a failure: its kind, code and message, never the values it was working on. */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** Names of what was involved (PostgreSQL's table, column, constraint), never values. */
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * A message without the values in it. Drizzle appends the query's parameters to the query's text
 * ("params: …"), and PostgreSQL quotes the offending value ('invalid input syntax for type uuid: "…"');
 * both carry whatever the user typed, addresses and names included.
 */
function messageWithoutValues(message: string, fromDatabase: boolean): string {
  const withoutParams = message.split(/\nparams:/)[0]!;
  return fromDatabase ? withoutParams.replace(/"[^"]*"/g, '"…"') : withoutParams;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * An error as the log may hold it. Only named fields are copied: a driver error's own properties
 * (the query's parameters, PostgreSQL's `detail` with 'Key (email)=(…)') never reach the log.
 */
export function loggedError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as Error & { code?: unknown; severity?: unknown; table?: unknown; column?: unknown; constraint?: unknown };
  const code = text(fields.code);
  const fromDatabase = code !== undefined && /^[0-9A-Z]{5}$/.test(code);
  const cause = depth < 4 && error.cause !== undefined ? loggedError(error.cause, depth + 1) : undefined;
  return {
    // Drizzle's and the drivers' error classes leave `name` as 'Error'; the class says more.
    type: error.constructor.name !== 'Error' ? error.constructor.name : error.name,
    message: messageWithoutValues(error.message, fromDatabase),
    ...(code ? { code } : {}),
    ...(text(fields.table) ? { table: text(fields.table) } : {}),
    ...(text(fields.column) ? { column: text(fields.column) } : {}),
    ...(text(fields.constraint) ? { constraint: text(fields.constraint) } : {}),
    // The stack's first lines repeat the message with its values; the frames are enough.
    ...(error.stack ? { stack: error.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') } : {}),
    ...(cause !== undefined ? { cause: cause as LoggedError } : {}),
  };
}

/**
 * The log entry of a failure. Under `error`, not pino's `err`: pino's own serializer for `err` would
 * fold the causes' messages back into one string and copy fields this one leaves out.
 */
export function errorEntry(error: unknown): { error: LoggedError | unknown } {
  return { error: loggedError(error) };
}

/** JSON lines in production; readable lines in development when pino-pretty is installed. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const pretty = env.NODE_ENV === 'development' && process.stdout.isTTY;
  return pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
    serializers: { err: loggedError },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}
