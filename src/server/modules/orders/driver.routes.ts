import { createRoute } from '@hono/zod-openapi';
import { completedDeliveriesPage, completedDeliveriesQuery, driverAvailability, driverAvailabilityInput } from '@/shared/contracts/staff';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { getDriverShift } from './get-driver-shift';
import { listCompletedDeliveries } from './list-completed-deliveries';
import { setDriverShift } from './set-driver-shift';

const tags = ['Drivers'];

const getAvailabilityRoute = createRoute({
  method: 'get',
  path: '/availability',
  tags,
  summary: "The driver's shift switch: on shift, they are offered deliveries",
  responses: { 200: jsonContent(driverAvailability, 'The switch'), ...errorResponses(401, 403) },
});

const setAvailabilityRoute = createRoute({
  method: 'put',
  path: '/availability',
  tags,
  summary: 'Go on or off shift',
  description: 'Refused (409 ACTIVE_DELIVERY) while the driver has an accepted order not yet delivered.',
  request: { body: jsonBody(driverAvailabilityInput) },
  responses: { 200: jsonContent(driverAvailability, 'The switch as stored'), ...errorResponses(400, 401, 403, 409) },
});

const completedRoute = createRoute({
  method: 'get',
  path: '/completed-deliveries',
  tags,
  summary: 'The deliveries the driver completed, newest first, with their tips',
  description:
    "Only the signed-in driver's own delivered orders (a return asked since included), paged, each with its store or kitchen, " +
    "the city it went to and the tip (cents); with the count and tips of today and of the last 7 days, days counted midnight to midnight in `timeZone` (the driver's device's IANA zone; an unknown one is a 400) or, without it, the business time zone.",
  request: { query: completedDeliveriesQuery },
  responses: { 200: jsonContent(completedDeliveriesPage, 'A page of completed deliveries and the summary'), ...errorResponses(400, 401, 403) },
});

export function createDriverRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('driver'));
  return router
    .openapi(getAvailabilityRoute, async (c) => c.json(await getDriverShift({ db, viewer: c.var.viewer }), 200))
    .openapi(setAvailabilityRoute, async (c) => c.json(await setDriverShift({ db, viewer: c.var.viewer, available: c.req.valid('json').available }), 200))
    .openapi(completedRoute, async (c) => c.json(await listCompletedDeliveries({ db, viewer: c.var.viewer, query: c.req.valid('query') }), 200));
}
