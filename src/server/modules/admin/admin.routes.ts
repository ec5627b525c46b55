import { createRoute } from '@hono/zod-openapi';
import { diagnosticsReport } from '@/shared/contracts/diagnostics';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { runDiagnostics } from './run-diagnostics';

const getDiagnostics = createRoute({
  method: 'get',
  path: '/diagnostics',
  tags: ['Admin'],
  summary: 'Live check of every dependency',
  responses: { 200: jsonContent(diagnosticsReport, 'One result per dependency'), ...errorResponses(401, 403) },
});

export function createAdminRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(requireSession(deps), requireRole('admin'));
  return router.openapi(getDiagnostics, async (c) => c.json(await runDiagnostics({ deps, viewer: c.var.viewer, logger: c.var.logger }), 200));
}
