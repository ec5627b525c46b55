import { createRoute, z } from '@hono/zod-openapi';
import { staffOrderPage, staffOrderQuery } from '@/shared/contracts/staff';
import { staffRoles } from '@/shared/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { eventStream } from '../../lib/sse';
import { followStaffOrders } from './follow-staff-orders';
import { listStaffOrders } from './list-staff-orders';

const tags = ['Staff orders'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "A staff queue: the orders the viewer's role and stores let them see, filtered and paged",
  description:
    'Admins and support see every order; managers their warehouses\'; kitchen owners their kitchens\'; drivers the ones assigned to them, ' +
    'or with `view=offered` those of their warehouses nobody drives yet. `active` lists oldest first, `all` newest first.',
  request: { query: staffOrderQuery },
  responses: { 200: jsonContent(staffOrderPage, 'A page of orders and the total'), ...errorResponses(400, 401, 403) },
});

const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  tags,
  summary: 'The live staff queue, as server-sent events',
  description:
    '`ready` once listening (read the lists then), then `order` (a staffFeedEvent; id = event id) whenever an order the viewer ' +
    'follows takes a status, and `ready` again after a lost database connection. A comment every 15 s keeps it open.',
  responses: { 200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' }, ...errorResponses(401, 403) },
});

export function createStaffOrderRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(requireSession(deps), requireRole(...staffRoles));
  return router
    .openapi(listRoute, async (c) => c.json(await listStaffOrders({ db: deps.database.db, viewer: c.var.viewer, query: c.req.valid('query') }), 200))
    .openapi(streamRoute, (c) => eventStream(c, (sink) => followStaffOrders({ database: deps.database, viewer: c.var.viewer, sink })));
}
