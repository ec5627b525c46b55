import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { idParam } from '@/shared/contracts/common';
import { activeTracking, driverPosition, driverPositionInput, trackingLookup, trackingLookupInput, trackingStreamQuery } from '@/shared/contracts/orders';
import { trackingRefusals } from '@/shared/copy';
import { clientAddress, clientAddressHeader } from '../../lib/client-address';
import type { AppDeps, AppEnv, Viewer } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { createSessionReader } from '../../lib/read-session';
import { requireRole, requireSession } from '../../lib/require-role';
import { eventStream } from '../../lib/sse';
import { recordDriverPosition } from './record-driver-position';
import { trackActiveOrders } from './track-active-orders';
import { trackOrder } from './track-order';
import { trackOrderByNumber } from './track-order-by-number';

const tags = ['Tracking'];

const streamRoute = createRoute({
  method: 'get',
  path: '/orders/{id}/stream',
  tags,
  summary: "An order's live status and driver position, as server-sent events",
  description:
    'Starts with `snapshot` (a trackingSnapshot; its id is the last event id), then `status` (an order event with `orderId`; id = event id) ' +
    'and, while out for delivery, `position` (no id). The snapshot\'s position tells its `ageSeconds`, by the server\'s clock. With `Last-Event-ID` (or `lastEventId`) the events after it follow the snapshot. ' +
    'A comment every 15 s keeps the connection open; the stream ends after the order is delivered, cancelled or settled. ' +
    'Needs a session, or the `token` of a lookup.',
  request: { params: idParam, query: trackingStreamQuery },
  responses: {
    200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' },
    ...errorResponses(400, 401, 404),
  },
});
const activeRoute = createRoute({
  method: 'get',
  path: '/active',
  tags,
  summary: "The customer's orders still on their way, newest first",
  responses: { 200: jsonContent(activeTracking, 'A snapshot per order'), ...errorResponses(401, 403) },
});
const lookupRoute = createRoute({
  method: 'post',
  path: '/lookup',
  tags,
  summary: 'Find an order by its number and the email of the account that placed it',
  request: { body: jsonBody(trackingLookupInput) },
  responses: {
    200: jsonContent(trackingLookup, 'The order without address or notes, and a token for its stream'),
    ...errorResponses(400, 404, 429),
  },
});
const positionRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/position',
  tags,
  summary: "The assigned driver reports where they are, while the order is out for delivery (one every 3 s)",
  request: { params: idParam, body: jsonBody(driverPositionInput) },
  responses: { 200: jsonContent(driverPosition, 'The accepted position'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export function createTrackingRoutes(deps: AppDeps) {
  const { database } = deps;
  const db = database.db;
  const secret = deps.auth.$context.then((context) => context.secret);
  const readSession = createSessionReader({ auth: deps.auth, db });
  // A lookup's token stands in for a session on the stream; without one, a session is required.
  const sessionUnlessToken = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.query('token') === undefined) {
      const viewer = await readSession({ cookie: c.req.header('cookie'), authorization: c.req.header('authorization') });
      if (!viewer) throw new AppError({ kind: 'UNAUTHORIZED', message: trackingRefusals.signInToTrack });
      c.set('viewer', viewer);
    }
    await next();
  });
  const lastEventIdOf = (header: string | undefined, query: string | undefined) => {
    if (header === undefined || header === '') return query;
    const parsed = trackingStreamQuery.safeParse({ lastEventId: header });
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data.lastEventId;
  };

  return createRouter()
    .openapi({ ...streamRoute, middleware: [sessionUnlessToken] }, async (c) => {
      const { token, lastEventId } = c.req.valid('query');
      const tracking = await trackOrder({
        database,
        orderId: c.req.valid('param').id,
        viewer: token === undefined ? (c.get('viewer') as Viewer) : undefined,
        token,
        secret: await secret,
        lastEventId: lastEventIdOf(c.req.header('last-event-id'), lastEventId),
      });
      return eventStream(c, (sink) => tracking.stream(sink));
    })
    .openapi({ ...activeRoute, middleware: [requireSession(deps), requireRole('customer')] }, async (c) =>
      c.json(await trackActiveOrders({ db, viewer: c.var.viewer }), 200),
    )
    .openapi({ ...lookupRoute, middleware: [clientAddress({ trustProxy: deps.env.TRUST_PROXY })] }, async (c) => {
      const { orderNumber, email } = c.req.valid('json');
      const lookup = await trackOrderByNumber({
        db,
        secret: await secret,
        clientKey: c.req.header(clientAddressHeader) ?? 'unknown',
        maxAttempts: deps.env.AUTH_RATE_LIMIT_MAX,
        orderNumber,
        email,
      });
      return c.json(lookup, 200);
    })
    .openapi({ ...positionRoute, middleware: [requireSession(deps), requireRole('driver')] }, async (c) =>
      c.json(await recordDriverPosition({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id, position: c.req.valid('json') }), 200),
    );
}
