import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { kitchenMenu, kitchenSummary } from '@/shared/contracts/kitchens';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { getKitchenMenu } from './get-kitchen-menu';
import { listKitchens } from './list-kitchens';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Kitchens'],
  summary: 'Approved cloud kitchens',
  responses: { 200: jsonContent(z.array(kitchenSummary), 'Kitchens') },
});

const menuRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Kitchens'],
  summary: "A kitchen's details, menu and meal plans",
  request: { params: idParam },
  responses: { 200: jsonContent(kitchenMenu, 'The kitchen and its menu'), ...errorResponses(400, 404) },
});

export function createKitchenRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listKitchens({ db }), 200))
    .openapi(menuRoute, async (c) => c.json(await getKitchenMenu({ db, kitchenId: c.req.valid('param').id }), 200));
}
