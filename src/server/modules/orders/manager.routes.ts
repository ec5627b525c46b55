import { createRoute } from '@hono/zod-openapi';
import { managerDriverList, managerDriversQuery, pickList, pickListQuery } from '@/shared/contracts/manager';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { getPickList } from './get-pick-list';
import { listWarehouseDrivers } from './list-warehouse-drivers';

const tags = ['Warehouse manager'];

const pickListRoute = createRoute({
  method: 'get',
  path: '/pick-list',
  tags,
  summary: 'The pick list of one or several grocery orders, lines grouped by aisle (their warehouse manager, admins)',
  request: { query: pickListQuery },
  responses: { 200: jsonContent(pickList, 'The orders and their lines by aisle'), ...errorResponses(400, 401, 403, 404) },
});

const driversRoute = createRoute({
  method: 'get',
  path: '/drivers',
  tags,
  summary: "Drivers on shift at the manager's warehouses and their current deliveries",
  request: { query: managerDriversQuery },
  responses: { 200: jsonContent(managerDriverList, 'The drivers on shift'), ...errorResponses(400, 401, 403, 404) },
});

export function createManagerRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const signedIn = requireSession(deps);
  return createRouter()
    .openapi({ ...pickListRoute, middleware: [signedIn, requireRole('manager', 'admin')] }, async (c) =>
      c.json(await getPickList({ db, viewer: c.var.viewer, orderIds: c.req.valid('query').orderIds }), 200),
    )
    .openapi({ ...driversRoute, middleware: [signedIn, requireRole('manager')] }, async (c) =>
      c.json({ drivers: await listWarehouseDrivers({ db, viewer: c.var.viewer, warehouseId: c.req.valid('query').warehouseId }) }, 200),
    );
}
