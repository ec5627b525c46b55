import { createRoute, z } from '@hono/zod-openapi';
import { warehouse } from '@/shared/contracts/locations';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { jsonContent } from '../../lib/openapi-helpers';
import { listWarehouses } from './list-warehouses';

const listWarehousesRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Locations'],
  summary: 'Active warehouses with their location',
  responses: { 200: jsonContent(z.array(warehouse), 'Warehouses') },
});

export function createWarehouseRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().openapi(listWarehousesRoute, async (c) => c.json(await listWarehouses({ db }), 200));
}
