import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { myReturnRequests, returnDecisionInput, returnQueuePage, returnQueueQuery, returnRequest } from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { decideReturn } from './decide-return';
import { getReturnPhoto } from './get-return-photo';
import { listMyReturns } from './list-my-returns';
import { listReturns } from './list-returns';

const tags = ['Returns'];

const queueRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The return requests, newest first, searched and paged (support, admin)',
  request: { query: returnQueueQuery },
  responses: { 200: jsonContent(returnQueuePage, 'A page of the queue'), ...errorResponses(400, 401, 403) },
});
const mineRoute = createRoute({
  method: 'get',
  path: '/mine',
  tags,
  summary: "The customer's own return requests and their status, newest first",
  responses: { 200: jsonContent(myReturnRequests, "The customer's requests"), ...errorResponses(401, 403) },
});
const decisionRoute = createRoute({
  method: 'post',
  path: '/{id}/decision',
  tags,
  summary: 'Approve (refund the lines, the amount asked or less) or reject a return request with a reason (support)',
  request: { params: idParam, body: jsonBody(returnDecisionInput) },
  responses: { 200: jsonContent(returnRequest, 'The decided request'), ...errorResponses(400, 401, 403, 404, 409) },
});
const photoRoute = createRoute({
  method: 'get',
  path: '/{id}/photo',
  tags,
  summary: "The photo sent with a return request (its customer, support)",
  request: { params: idParam },
  responses: {
    200: { content: { 'image/jpeg': { schema: z.string() }, 'image/png': { schema: z.string() }, 'image/webp': { schema: z.string() } }, description: 'The photo' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function createReturnRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi({ ...queueRoute, middleware: [requireSession(deps), requireRole('support', 'admin')] }, async (c) =>
      c.json(await listReturns({ db, viewer: c.var.viewer, query: c.req.valid('query') }), 200),
    )
    .openapi({ ...mineRoute, middleware: [requireSession(deps), requireRole('customer')] }, async (c) =>
      c.json(await listMyReturns({ db, viewer: c.var.viewer }), 200),
    )
    .openapi({ ...decisionRoute, middleware: [requireSession(deps), requireRole('support')] }, async (c) => {
      const input = c.req.valid('json');
      return c.json(
        await decideReturn({
          db,
          payments: deps.payments,
          mailer: deps.mailer,
          logger: c.var.logger,
          viewer: c.var.viewer,
          returnRequestId: c.req.valid('param').id,
          decision: input.decision,
          amount: input.amount,
          note: input.note,
        }),
        200,
      );
    })
    .openapi({ ...photoRoute, middleware: [requireSession(deps), requireRole('customer', 'support')] }, async (c) => {
      const photo = await getReturnPhoto({ db, viewer: c.var.viewer, returnRequestId: c.req.valid('param').id });
      // The customer's own picture: never shared by caches, never sniffed as anything but the image it is.
      return c.body(photo.data, 200, { 'content-type': photo.contentType, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    });
}
