import { createRoute } from '@hono/zod-openapi';
import { inventoryChange, inventoryPage, inventoryParams, inventoryQuery, inventoryRow } from '@/shared/contracts/manager';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { listInventory } from './list-inventory';
import { updateInventory } from './update-inventory';

const tags = ['Inventory'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "A warehouse's shelves: price, stock, low-stock threshold and active flag (its manager, admins)",
  request: { query: inventoryQuery },
  responses: { 200: jsonContent(inventoryPage, 'A page of shelves, the total and the low-stock count'), ...errorResponses(400, 401, 403, 404) },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{warehouseId}/{productId}',
  tags,
  summary: "Change a shelf's price, stock, low-stock threshold or active flag (its warehouse's manager, admins)",
  request: { params: inventoryParams, body: jsonBody(inventoryChange) },
  responses: { 200: jsonContent(inventoryRow, 'The shelf as stored'), ...errorResponses(400, 401, 403, 404) },
});

export function createInventoryRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('admin', 'manager'));
  return router
    .openapi(listRoute, async (c) => c.json(await listInventory({ db, viewer: c.var.viewer, query: c.req.valid('query') }), 200))
    .openapi(updateRoute, async (c) => {
      const { warehouseId, productId } = c.req.valid('param');
      return c.json(await updateInventory({ db, viewer: c.var.viewer, warehouseId, productId, change: c.req.valid('json') }), 200);
    });
}
