import { createRoute } from '@hono/zod-openapi';
import { auditPage, auditQuery } from '@/shared/contracts/staff';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { listAudit } from './list-audit';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Admin'],
  summary: 'The audit log, newest first: searched, filtered by record type, paged',
  request: { query: auditQuery },
  responses: { 200: jsonContent(auditPage, 'A page of audit entries'), ...errorResponses(400, 401, 403) },
});

export function createAuditRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().openapi({ ...listRoute, middleware: [requireSession(deps), requireRole('admin')] }, async (c) =>
    c.json(await listAudit(db, c.req.valid('query')), 200),
  );
}
