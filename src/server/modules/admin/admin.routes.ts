import { createRoute } from '@hono/zod-openapi';
import { adminOverview, adminOverviewQuery } from '@/shared/contracts/admin';
import { diagnosticsReport } from '@/shared/contracts/diagnostics';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { readAdminOverview } from '../../read-models/admin-overview';
import { runDiagnostics } from './run-diagnostics';

const getDiagnostics = createRoute({
  method: 'get',
  path: '/diagnostics',
  tags: ['Admin'],
  summary: 'Live check of every dependency',
  responses: { 200: jsonContent(diagnosticsReport, 'One result per dependency'), ...errorResponses(401, 403) },
});

const getOverview = createRoute({
  method: 'get',
  path: '/overview',
  tags: ['Admin'],
  summary: 'Orders, revenue, customers and refunds of the last 7, 30 or 90 business days',
  request: { query: adminOverviewQuery },
  responses: { 200: jsonContent(adminOverview, 'The overview'), ...errorResponses(400, 401, 403) },
});

export function createAdminRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(requireSession(deps), requireRole('admin'));
  return router
    .openapi(getDiagnostics, async (c) => c.json(await runDiagnostics({ deps, viewer: c.var.viewer, logger: c.var.logger }), 200))
    .openapi(getOverview, async (c) => c.json(await readAdminOverview(deps.database.db, { days: c.req.valid('query').days }), 200));
}
