import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { adminWarehouse, adminWarehouseInput, adminWarehousePage, adminWarehouseQuery, staffCandidateQuery, warehouseStaffMember } from '@/shared/contracts/locations';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { findStaffCandidates } from '../../read-models/warehouse-people';
import { createWarehouse } from './create-warehouse';
import { listAdminWarehouses } from './list-admin-warehouses';
import { updateWarehouse } from './update-warehouse';

const tags = ['Admin: warehouses'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Every warehouse with its settings and staff, searched and paged',
  request: { query: adminWarehouseQuery },
  responses: { 200: jsonContent(adminWarehousePage, 'A page of warehouses'), ...errorResponses(400, 401, 403) },
});
const createWarehouseRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Open a warehouse; its address is geocoded unless coordinates are given',
  request: { body: jsonBody(adminWarehouseInput) },
  responses: { 201: jsonContent(adminWarehouse, 'The warehouse'), ...errorResponses(400, 401, 403, 409) },
});
const updateWarehouseRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: "Edit a warehouse's settings and staff; its address is geocoded again unless coordinates are given",
  request: { params: idParam, body: jsonBody(adminWarehouseInput) },
  responses: { 200: jsonContent(adminWarehouse, 'The warehouse'), ...errorResponses(400, 401, 403, 404, 409) },
});
const candidatesRoute = createRoute({
  method: 'get',
  path: '/staff-candidates',
  tags,
  summary: 'Managers and drivers matching a name or email, to assign to a warehouse',
  request: { query: staffCandidateQuery },
  responses: { 200: jsonContent(z.array(warehouseStaffMember), 'Up to 20 people'), ...errorResponses(400, 401, 403) },
});

/** How many people one search for staff answers. */
const CANDIDATE_LIMIT = 20;

/** /api/admin/warehouses: admins only. */
export function createAdminWarehouseRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const admin = [requireSession(deps), requireRole('admin')];
  return createRouter()
    .openapi({ ...listRoute, middleware: admin }, async (c) => c.json(await listAdminWarehouses({ db, query: c.req.valid('query') }), 200))
    .openapi({ ...candidatesRoute, middleware: admin }, async (c) =>
      c.json(await findStaffCandidates(db, { q: c.req.valid('query').q, limit: CANDIDATE_LIMIT }), 200),
    )
    .openapi({ ...createWarehouseRoute, middleware: admin }, async (c) =>
      c.json(await createWarehouse({ db, geocoder: deps.geocoder, viewer: c.var.viewer, input: c.req.valid('json') }), 201),
    )
    .openapi({ ...updateWarehouseRoute, middleware: admin }, async (c) =>
      c.json(await updateWarehouse({ db, geocoder: deps.geocoder, viewer: c.var.viewer, warehouseId: c.req.valid('param').id, input: c.req.valid('json') }), 200),
    );
}
