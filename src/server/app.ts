import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { requestId } from 'hono/request-id';
import { passwordResetInput, passwordResetRequest, signInInput, signOutInput, signUpInput } from '@/shared/contracts/auth';
import { MAX_IMPORT_CHARACTERS } from '@/shared/contracts/catalog-import';
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from '@/shared/contracts/support-chat';
import { authEndpointMatcher, handleAuthRequest, unusableRedirects } from './lib/auth-handler';
import { clientAddress } from './lib/client-address';
import { compressJson } from './lib/compress-json';
import type { AppDeps } from './lib/context';
import { accessLog } from './lib/access-log';
import { forRequest } from './db/request-work';
import { AppError, errorBody, handleError, validationError } from './lib/errors';
import { errorEntry } from './lib/logger';
import { limitRequestBody } from './lib/request-body';
import { createRouter } from './lib/openapi';
import { originCheck, originPolicyOf } from './lib/origin-check';
import { securityHeaders } from './lib/security-headers';
import { serveWebApp } from './lib/static-assets';
import { createAdminRoutes } from './modules/admin/admin.routes';
import { createAdminWarehouseRoutes } from './modules/locations/admin-warehouses.routes';
import { createAuthConfigRoutes, createProfileRoutes } from './modules/auth/auth.routes';
import { createUserAdminRoutes } from './modules/auth/users.routes';
import { createAuditRoutes } from './modules/audit/audit.routes';
import { isEmailRegistered } from './modules/auth/is-email-registered';
import { createCartRoutes } from './modules/cart/cart.routes';
import { CATALOG_IMPORT_PATH, createCatalogImportRoutes } from './modules/catalog/catalog-import.routes';
import { createCatalogRoutes } from './modules/catalog/catalog.routes';
import { createInventoryRoutes } from './modules/catalog/inventory.routes';
import { createMediaRoutes } from './modules/catalog/media.routes';
import { createKitchenRoutes } from './modules/kitchens/kitchens.routes';
import { createKitchenMealPlanRoutes, createMealPlanRoutes, createMealPlanSubscriptionRoutes } from './modules/kitchens/meal-plans.routes';
import { createKitchenApplicationReviewRoutes, createKitchenApplicationRoutes } from './modules/kitchens/kitchen-applications.routes';
import { createKitchenDashboardRoutes } from './modules/kitchens/kitchen-dashboard.routes';
import { createCheckoutRoutes } from './modules/orders/checkout.routes';
import { createAddressRoutes, createServiceAreaRoutes, createWarehouseRoutes } from './modules/locations/locations.routes';
import { createNotificationRoutes } from './modules/notifications/notifications.routes';
import { createManagerRoutes } from './modules/orders/manager.routes';
import { createOrderRoutes } from './modules/orders/orders.routes';
import { createReturnRoutes } from './modules/returns/returns.routes';
import { createSupportConversationRoutes } from './modules/support-chat/support-conversations.routes';
import { createReviewRoutes } from './modules/reviews/reviews.routes';
import { createPaymentRoutes, PAYMENT_WEBHOOK_PATH } from './modules/payments/payments.routes';
import { MAX_IMAGE_BYTES } from './modules/uploads/store-image';
import { createUploadRoutes } from './modules/uploads/uploads.routes';
import { createSupportChatRoutes, SUPPORT_CHAT_PATH } from './modules/support-chat/support-chat.routes';
import { createSupportTicketRoutes, createSupportTicketWorkRoutes } from './modules/support-tickets/support-tickets.routes';
import { createStaffOrderRoutes } from './modules/orders/staff-orders.routes';
import { createDriverRoutes } from './modules/orders/driver.routes';
import { createTrackingRoutes } from './modules/orders/tracking.routes';
import { buildOpenApiDocument, docsInitScript, docsPage, swaggerAssetsRoot } from './lib/api-docs';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isJson(request: Request) {
  return /^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get('content-type') ?? '');
}

/** Reads a JSON body from a copy, leaving the request whole for better-auth. */
async function readJson(request: Request, options: { allowEmpty?: boolean } = {}): Promise<unknown> {
  const text = await request.clone().text();
  if (options.allowEmpty && text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError({ kind: 'MALFORMED_REQUEST', message: 'The request body must be valid JSON.' });
  }
}

function withJsonBody(request: Request, body: unknown) {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const originPolicy = originPolicyOf(env);

  const app = createRouter();
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'No such endpoint.'), 404));

  app.use(requestId());
  app.use(accessLog({ logger, sampleRate: env.ACCESS_LOG_SAMPLE_RATE, slowMs: env.SLOW_REQUEST_MS }));
  // A request whose client has gone before its turn for the database came is not served (ADR 044, ADR 062).
  app.use((c, next) => forRequest(c.req.raw.signal, next));
  app.use('/api/*', compressJson()); // JSON of 1 KB and more, as Accept-Encoding allows
  app.use(securityHeaders({ trustProxy: env.TRUST_PROXY }));
  // API answers are someone's (a profile, a cart, addresses) unless a route says it may be shared, as
  // the catalog pictures do: no browser or proxy keeps them.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });

  // Where the page behind a request lives decides what it may do; see origin-check.ts.
  app.use('/api/*', originCheck(originPolicy, { signedPaths: [PAYMENT_WEBHOOK_PATH] }));
  // Only requests that carry a body: reading `c.req.raw` builds a full Request, which a GET need not pay for.
  // A body the route left unread is read before the answer, so a refusal keeps the connection usable.
  const limitBody = limitRequestBody(1024 * 1024);
  // Images are larger: their own limit, a little over the largest image for the multipart framing.
  const limitImage = limitRequestBody(MAX_IMAGE_BYTES + 64 * 1024);
  // A product import file is sent as JSON text: its own limit, a little over the largest file taken.
  const limitImport = limitRequestBody(2 * MAX_IMPORT_CHARACTERS);
  // A chat request carries at most its turns of at most their characters (up to 4 bytes each), and a little framing.
  const limitChat = limitRequestBody(MAX_CHAT_MESSAGES * (4 * MAX_CHAT_MESSAGE_CHARS + 64) + 1024);
  app.use('/api/*', (c, next) => {
    if (!unsafeMethods.has(c.req.method)) return next();
    if (c.req.path === '/api/uploads/images') return limitImage(c, next);
    if (c.req.path.startsWith(CATALOG_IMPORT_PATH)) return limitImport(c, next);
    if (c.req.path === SUPPORT_CHAT_PATH) return limitChat(c, next);
    return limitBody(c, next);
  });

  // Liveness: the process answers. Readiness, with the database, is /api/health.
  app.get('/api/live', (c) => c.json({ status: 'ok' }));
  app.get('/api/health', async (c) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: { status: 'ok', kind: deps.database.kind } });
    } catch (error) {
      c.var.logger.error(errorEntry(error), 'health check failed');
      return c.json({ status: 'degraded', database: { status: 'down', kind: deps.database.kind } }, 503);
    }
  });

  const authAddress = clientAddress({ trustProxy: env.TRUST_PROXY });
  // Sign-up carries profile fields better-auth does not know; they are checked here, field by field.
  app.post('/api/auth/sign-up/email', authAddress, async (c) => {
    const parsed = signUpInput.safeParse(await readJson(c.req.raw));
    if (!parsed.success) throw validationError(parsed.error);
    // better-auth wants a display name; it is always derived from the profile's names.
    const { firstName, lastName, email } = parsed.data;
    return handleAuthRequest(auth, c, withJsonBody(c.req.raw, { ...parsed.data, name: `${firstName} ${lastName}` }), {
      // A sign-up that lost a race for its email (a double submit) fails on the unique key instead.
      refine: async (failure) =>
        failure.code === 'FAILED_TO_CREATE_USER' && (await isEmailRegistered({ db: deps.database.db, email }))
          ? { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }
          : undefined,
    });
  });
  // Checked here too, so a sign-in form gets its field errors in the same shape as sign-up's.
  app.post('/api/auth/sign-in/email', authAddress, async (c) => {
    const parsed = signInInput.safeParse(await readJson(c.req.raw));
    if (!parsed.success) throw validationError(parsed.error);
    return handleAuthRequest(auth, c);
  });
  // Password reset: the fields are checked here so the forms get field errors in the app's shape.
  app.post('/api/auth/request-password-reset', authAddress, async (c) => {
    const parsed = passwordResetRequest.safeParse(await readJson(c.req.raw));
    if (!parsed.success) throw validationError(parsed.error);
    return handleAuthRequest(auth, c, withJsonBody(c.req.raw, { email: parsed.data.email }));
  });
  app.post('/api/auth/reset-password', authAddress, async (c) => {
    const parsed = passwordResetInput.safeParse(await readJson(c.req.raw));
    if (!parsed.success) throw validationError(parsed.error);
    return handleAuthRequest(auth, c, withJsonBody(c.req.raw, parsed.data));
  });
  // better-auth logs a request for an unconfigured provider as a server error; it is the caller's mistake.
  const socialProviders = new Set(Object.keys(auth.options.socialProviders ?? {}));
  app.post('/api/auth/sign-in/social', authAddress, async (c) => {
    const body = await readJson(c.req.raw);
    const provider = typeof body === 'object' && body !== null && 'provider' in body ? body.provider : undefined;
    if (typeof provider === 'string' && !socialProviders.has(provider)) {
      throw new AppError({ kind: 'NOT_FOUND', message: 'This sign-in method is not available.' });
    }
    return handleAuthRequest(auth, c);
  });
  // Signing out ends every session before better-auth reads the body, so a body it would refuse is refused first.
  // (better-auth refuses a body that is not JSON itself, before it ends anything.)
  app.post('/api/auth/sign-out', authAddress, async (c) => {
    if (isJson(c.req.raw)) {
      const parsed = signOutInput.safeParse(await readJson(c.req.raw, { allowEmpty: true }));
      if (!parsed.success) throw validationError(parsed.error);
    }
    return handleAuthRequest(auth, c);
  });
  const isAuthEndpoint = authEndpointMatcher(auth);
  app.on(['GET', 'POST'], '/api/auth/*', authAddress, async (c) => {
    if (!isAuthEndpoint(c.req.method, c.req.path)) throw new AppError({ kind: 'NOT_FOUND', message: 'No such endpoint.' });
    const badRedirects = unusableRedirects(new URL(c.req.url).searchParams);
    if (badRedirects) throw new AppError({ kind: 'VALIDATION_FAILED', message: 'Some fields need attention.', fields: badRedirects });
    if (c.req.method === 'POST' && isJson(c.req.raw)) await readJson(c.req.raw, { allowEmpty: true });
    return handleAuthRequest(auth, c);
  });

  const api = app
    .route('/api/profile', createProfileRoutes(deps))
    .route('/api/config', createAuthConfigRoutes(deps))
    .route(CATALOG_IMPORT_PATH, createCatalogImportRoutes(deps))
    .route('/api/admin/warehouses', createAdminWarehouseRoutes(deps))
    .route('/api/admin', createAdminRoutes(deps))
    .route('/api/admin/users', createUserAdminRoutes(deps))
    .route('/api/admin/audit', createAuditRoutes(deps))
    .route('/api/warehouses', createWarehouseRoutes(deps))
    .route('/api/select-warehouse-and-fee', createServiceAreaRoutes(deps))
    .route('/api/addresses', createAddressRoutes(deps))
    .route('/api', createCatalogRoutes(deps))
    .route('/api/cart', createCartRoutes(deps))
    .route('/api/kitchens', createKitchenRoutes(deps))
    .route('/api/kitchen/meal-plans', createKitchenMealPlanRoutes(deps))
    .route('/api/meal-plans', createMealPlanRoutes(deps))
    .route('/api/meal-plan-subscriptions', createMealPlanSubscriptionRoutes(deps))
    .route('/api/kitchen-applications', createKitchenApplicationRoutes(deps))
    .route('/api/admin/kitchen-applications', createKitchenApplicationReviewRoutes(deps))
    .route('/api/kitchen', createKitchenDashboardRoutes(deps))
    .route('/api/media', createMediaRoutes(deps))
    .route('/api/payments', createPaymentRoutes(deps))
    .route('/api/orders', createOrderRoutes(deps))
    .route('/api/returns', createReturnRoutes(deps))
    .route('/api/support/conversations', createSupportConversationRoutes(deps))
    .route('/api/support-tickets', createSupportTicketRoutes(deps))
    .route('/api/support/tickets', createSupportTicketWorkRoutes(deps))
    .route('/api/ratings', createReviewRoutes(deps))
    .route('/api/tracking', createTrackingRoutes(deps))
    .route('/api/staff/orders', createStaffOrderRoutes(deps))
    .route('/api/driver', createDriverRoutes(deps))
    .route('/api/inventory', createInventoryRoutes(deps))
    .route('/api/manager', createManagerRoutes(deps))
    .route(SUPPORT_CHAT_PATH, createSupportChatRoutes(deps))
    .route('/api/uploads', createUploadRoutes(deps))
    .route('/api/notifications', createNotificationRoutes(deps))
    .route('/api', createCheckoutRoutes(deps));

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

  // The built web app: precompressed files chosen per request, and index.html for the app's own routes.
  if (deps.webRoot) app.get('*', serveWebApp({ root: deps.webRoot }));

  return api;
}

export type AppType = ReturnType<typeof createApp>;
