import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import { signUpInput } from '@/shared/contracts/auth';
import { nativeOrigins } from './env';
import { handleAuthRequest } from './lib/auth-handler';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError, errorBody, handleError, validationError } from './lib/errors';
import { createRouter } from './lib/openapi';
import { createAdminRoutes } from './modules/admin/admin.routes';
import { createAuthConfigRoutes, createProfileRoutes } from './modules/auth/auth.routes';
import { buildOpenApiDocument, docsInitScript, docsPage, swaggerAssetsRoot } from './lib/api-docs';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const trustedOrigins = new Set([new URL(env.PUBLIC_URL).origin, ...env.TRUSTED_ORIGINS, ...nativeOrigins]);

  const app = createRouter();
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'No such endpoint.'), 404));

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('logger', logger.child({ reqId: c.var.requestId }));
    await next();
    c.var.logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );

  app.use('/api/*', cors({ origin: (origin) => (trustedOrigins.has(origin) ? origin : null), credentials: true }));
  app.use('/api/*', bodyLimit({ maxSize: 1024 * 1024 }));
  // State-changing requests from pages of other origins are refused before they reach any handler.
  app.use(
    '/api/*',
    createMiddleware<AppEnv>(async (c, next) => {
      const origin = c.req.header('origin');
      if (unsafeMethods.has(c.req.method) && origin && !trustedOrigins.has(origin)) {
        throw new AppError('FORBIDDEN', 'Requests from this origin are not allowed.');
      }
      await next();
    }),
  );

  app.get('/api/health', async (c) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: { status: 'ok', kind: deps.database.kind } });
    } catch (error) {
      c.var.logger.error({ err: error }, 'health check failed');
      return c.json({ status: 'degraded', database: { status: 'down', kind: deps.database.kind } }, 503);
    }
  });

  // The client address better-auth keys its rate limits on; only a trusted proxy may set it.
  const clientAddress = createMiddleware<AppEnv>(async (c, next) => {
    const forwarded = env.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    let address = forwarded;
    if (!address) {
      try {
        address = getConnInfo(c).remote.address;
      } catch {
        address = undefined;
      }
    }
    c.req.raw.headers.delete('x-client-ip');
    if (address) c.req.raw.headers.set('x-client-ip', address);
    await next();
  });
  // Sign-up carries profile fields better-auth does not know; they are checked here, field by field.
  app.post('/api/auth/sign-up/email', clientAddress, async (c) => {
    let body: unknown;
    try {
      body = await c.req.raw.clone().json();
    } catch {
      throw new AppError('MALFORMED_REQUEST', 'The request body must be valid JSON.');
    }
    const parsed = signUpInput.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    // better-auth wants a display name; it is always derived from the profile's names.
    const { firstName, lastName } = parsed.data;
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-length');
    const request = new Request(c.req.raw.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...parsed.data, name: `${firstName} ${lastName}` }),
    });
    return handleAuthRequest(auth, c, request);
  });
  app.on(['GET', 'POST'], '/api/auth/*', clientAddress, (c) => handleAuthRequest(auth, c));

  const api = app
    .route('/api/profile', createProfileRoutes(deps))
    .route('/api/config', createAuthConfigRoutes(deps))
    .route('/api/admin', createAdminRoutes(deps));

  let openApiDocument: Promise<unknown> | undefined;
  app.get('/api/openapi.json', async (c) => {
    openApiDocument ??= buildOpenApiDocument(app, auth);
    return c.json(await openApiDocument);
  });
  app.get('/api/docs', (c) => c.html(docsPage()));
  app.get('/api/docs/init.js', (c) =>
    c.body(docsInitScript('/api/openapi.json'), 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.use('/api/docs/assets/*', serveStatic({ root: swaggerAssetsRoot, rewriteRequestPath: (p) => p.replace('/api/docs/assets', '') }));
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'No such endpoint.'), 404));

  if (deps.webRoot) {
    const webRoot = deps.webRoot;
    const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    app.use(
      '/assets/*',
      serveStatic({
        root: webRoot,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', serveStatic({ root: webRoot }));
    // Every other path belongs to the single-page app's router.
    app.get('*', (c) => c.html(indexHtml));
  }

  return api;
}

export type AppType = ReturnType<typeof createApp>;
