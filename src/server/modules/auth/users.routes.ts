import { createRoute } from '@hono/zod-openapi';
import { adminUser, adminUserPage, adminUsersQuery, changeRoleInput } from '@/shared/contracts/admin';
import { idParam } from '@/shared/contracts/common';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { listAdminUsers } from '../../read-models/admin-users';
import { changeUserRole } from './change-user-role';
import { deactivateUser } from './deactivate-user';
import { reactivateUser } from './reactivate-user';

const tags = ['Admin'];
const changeErrors = errorResponses(400, 401, 403, 404, 409);

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'People, searched by email or name, filtered by role, paged',
  request: { query: adminUsersQuery },
  responses: { 200: jsonContent(adminUserPage, 'A page of people'), ...errorResponses(400, 401, 403) },
});
const roleRoute = createRoute({
  method: 'post',
  path: '/{id}/role',
  tags,
  summary: "Change a person's role (and a manager's or driver's warehouses)",
  request: { params: idParam, body: jsonBody(changeRoleInput) },
  responses: { 200: jsonContent(adminUser, 'The person'), ...changeErrors },
});
const deactivateRoute = createRoute({
  method: 'post',
  path: '/{id}/deactivate',
  tags,
  summary: 'Deactivate an account: its sessions end and it cannot sign in',
  request: { params: idParam },
  responses: { 200: jsonContent(adminUser, 'The person'), ...changeErrors },
});
const reactivateRoute = createRoute({
  method: 'post',
  path: '/{id}/reactivate',
  tags,
  summary: 'Let a deactivated account sign in again',
  request: { params: idParam },
  responses: { 200: jsonContent(adminUser, 'The person'), ...changeErrors },
});

export function createUserAdminRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const adminOnly = [requireSession(deps), requireRole('admin')];
  return createRouter()
    .openapi({ ...listRoute, middleware: adminOnly }, async (c) => c.json(await listAdminUsers(db, c.req.valid('query')), 200))
    .openapi({ ...roleRoute, middleware: adminOnly }, async (c) =>
      c.json(await changeUserRole({ db, viewer: c.var.viewer, profileId: c.req.valid('param').id, input: c.req.valid('json') }), 200),
    )
    .openapi({ ...deactivateRoute, middleware: adminOnly }, async (c) => c.json(await deactivateUser({ db, viewer: c.var.viewer, profileId: c.req.valid('param').id }), 200))
    .openapi({ ...reactivateRoute, middleware: adminOnly }, async (c) => c.json(await reactivateUser({ db, viewer: c.var.viewer, profileId: c.req.valid('param').id }), 200));
}
