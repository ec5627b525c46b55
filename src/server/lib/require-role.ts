import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Role } from '@/shared/roles';
import { profiles } from '../modules/auth/auth.tables';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';

/** Resolves the signed-in viewer from the session cookie or bearer token; 401 without one. */
export function requireSession(deps: Pick<AppDeps, 'auth' | 'database'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const [profile] = await deps.database.db
      .select({ id: profiles.id, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, session.user.id));
    if (!profile) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    c.set('viewer', { userId: session.user.id, email: session.user.email, profileId: profile.id, role: profile.role });
    await next();
  });
}

/** Admits only the listed roles; use after requireSession. */
export function requireRole(...allowed: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!allowed.includes(c.var.viewer.role)) {
      throw new AppError('FORBIDDEN', 'You do not have access to this.');
    }
    await next();
  });
}
