import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { ratingInput, ratingSummary } from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { getRatingSummary, type RatedKind } from './get-rating-summary';
import { rateItem } from './rate-item';

const tags = ['Ratings'];

const rateRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Rate a product or dish received in an order (rating again edits it)',
  request: { body: jsonBody(ratingInput) },
  responses: { 200: jsonContent(ratingSummary, "The item's ratings"), ...errorResponses(400, 401, 403, 404) },
});

const summaryRoute = (kind: RatedKind, what: string) =>
  createRoute({
    method: 'get',
    path: `/${kind}/{id}`,
    tags,
    summary: `A ${what}'s average rating and latest comments`,
    request: { params: idParam },
    responses: { 200: jsonContent(ratingSummary, 'The ratings'), ...errorResponses(400) },
  });

export function createReviewRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi({ ...rateRoute, middleware: [requireSession(deps), requireRole('customer')] }, async (c) =>
      c.json(await rateItem({ db, viewer: c.var.viewer, input: c.req.valid('json') }), 200),
    )
    .openapi(summaryRoute('products', 'product'), async (c) => c.json(await getRatingSummary({ db, kind: 'products', id: c.req.valid('param').id }), 200))
    .openapi(summaryRoute('dishes', 'dish'), async (c) => c.json(await getRatingSummary({ db, kind: 'dishes', id: c.req.valid('param').id }), 200))
    .openapi(summaryRoute('kitchens', 'kitchen'), async (c) => c.json(await getRatingSummary({ db, kind: 'kitchens', id: c.req.valid('param').id }), 200));
}
