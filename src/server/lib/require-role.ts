import { createMiddleware } from 'hono/factory';
import type { Role } from '@/shared/roles';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { createSessionReader } from './read-session';

/** Resolves the signed-in viewer from the session cookie or bearer token; 401 without one. */
export function requireSession(deps: Pick<AppDeps, 'auth' | 'database'>) {
  const readSession = createSessionReader({ auth: deps.auth, db: deps.database.db });
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = await readSession({ cookie: c.req.header('cookie'), authorization: c.req.header('authorization') });
    if (!viewer) throw new AppError({ kind: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    c.set('viewer', viewer);
    await next();
  });
}

/** Admits only the listed roles; use after requireSession. */
export function requireRole(...allowed: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!allowed.includes(c.var.viewer.role)) {
      throw new AppError({ kind: 'FORBIDDEN', message: 'You do not have access to this.' });
    }
    await next();
  });
}
