import { sessionsOf, type Database } from '../db/client';

export interface StatementCounter {
  /** The statements run since the last `reset`, in order. */
  readonly statements: string[];
  reset(): void;
  stop(): void;
}

interface LoggingSession {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: { logQuery(query: string, params: unknown[]): void } };
}

/**
 * Records every statement the app runs on `database`, through drizzle's logger: the one on each
 * session its statements go through (`sessionsOf`) and the one transactions copy from its options.
 * (Transaction begin and commit are statements of their own on PostgreSQL and counted there; the
 * embedded database runs them itself.)
 */
export function countStatements(database: Database): StatementCounter {
  const statements: string[] = [];
  const restores = sessionsOf(database.db).map((each) => {
    const session = each as unknown as LoggingSession;
    const before = { logger: session.logger, optionsLogger: session.options.logger };
    const logger = {
      logQuery(query: string, params: unknown[]) {
        statements.push(query);
        before.logger.logQuery(query, params);
      },
    };
    session.logger = logger;
    session.options.logger = logger;
    return () => {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
    };
  });
  return {
    statements,
    reset: () => void statements.splice(0),
    stop: () => restores.forEach((restore) => restore()),
  };
}
