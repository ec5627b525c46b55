import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import {
  kitchenApplication,
  kitchenApplicationInput,
  kitchenApplicationPage,
  kitchenApplicationQuery,
  myKitchenApplication,
  rejectKitchenApplicationInput,
} from '@/shared/contracts/kitchen-operator';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { kitchenApplicationQueue } from '../../read-models/kitchen-application-queue';
import { approveKitchenApplication } from './approve-kitchen-application';
import { latestApplicationOf, toKitchenApplication } from './kitchen-application-records';
import { rejectKitchenApplication } from './reject-kitchen-application';
import { submitKitchenApplication } from './submit-kitchen-application';

const tags = ['Kitchen applications'];

const submitRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Apply to open a cloud kitchen (one application under review at a time)',
  request: { body: jsonBody(kitchenApplicationInput) },
  responses: { 201: jsonContent(kitchenApplication, 'The application, pending'), ...errorResponses(400, 401, 403, 409) },
});
const mineRoute = createRoute({
  method: 'get',
  path: '/mine',
  tags,
  summary: "The signed-in person's latest application and its state",
  responses: { 200: jsonContent(myKitchenApplication, 'The application, or null'), ...errorResponses(401) },
});

/** /api/kitchen-applications: a person applies and follows their application. */
export function createKitchenApplicationRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi({ ...submitRoute, middleware: [requireSession(deps), requireRole('customer', 'cloud_kitchen')] }, async (c) =>
      c.json(await submitKitchenApplication({ db, geocoder: deps.geocoder, viewer: c.var.viewer, input: c.req.valid('json') }), 201),
    )
    .openapi({ ...mineRoute, middleware: [requireSession(deps)] }, async (c) => {
      const latest = await latestApplicationOf(db, c.var.viewer.profileId);
      return c.json({ application: latest && toKitchenApplication(latest) }, 200);
    });
}

const queueRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Applications to review: pending first, oldest first (admin)',
  request: { query: kitchenApplicationQuery },
  responses: { 200: jsonContent(kitchenApplicationPage, 'One page of applications'), ...errorResponses(400, 401, 403) },
});
const approveRoute = createRoute({
  method: 'post',
  path: '/{id}/approve',
  tags,
  summary: 'Approve: creates the kitchen and gives the applicant the cloud_kitchen role; 409 while they have orders in progress or live meal-plan subscriptions (admin)',
  request: { params: idParam },
  responses: { 200: jsonContent(kitchenApplication, 'The approved application'), ...errorResponses(400, 401, 403, 404, 409) },
});
const rejectRoute = createRoute({
  method: 'post',
  path: '/{id}/reject',
  tags,
  summary: 'Reject with a reason the applicant sees (admin)',
  request: { params: idParam, body: jsonBody(rejectKitchenApplicationInput) },
  responses: { 200: jsonContent(kitchenApplication, 'The rejected application'), ...errorResponses(400, 401, 403, 404, 409) },
});

/** /api/admin/kitchen-applications: admins review applications. */
export function createKitchenApplicationReviewRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const adminOnly = [requireSession(deps), requireRole('admin')];
  return createRouter()
    .openapi({ ...queueRoute, middleware: adminOnly }, async (c) => c.json(await kitchenApplicationQueue(db, c.req.valid('query')), 200))
    .openapi({ ...approveRoute, middleware: adminOnly }, async (c) =>
      c.json(await approveKitchenApplication({ db, viewer: c.var.viewer, applicationId: c.req.valid('param').id }), 200),
    )
    .openapi({ ...rejectRoute, middleware: adminOnly }, async (c) =>
      c.json(
        await rejectKitchenApplication({ db, viewer: c.var.viewer, applicationId: c.req.valid('param').id, reason: c.req.valid('json').reason }),
        200,
      ),
    );
}
