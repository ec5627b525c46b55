import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { kitchenMenu, nearbyKitchens, nearbyKitchensInput } from '@/shared/contracts/kitchens';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { getKitchenMenu } from './get-kitchen-menu';
import { listNearbyKitchens } from './list-nearby-kitchens';

const menuRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Kitchens'],
  summary: "A kitchen's details, menu and meal plans",
  request: { params: idParam },
  responses: { 200: jsonContent(kitchenMenu, 'The kitchen and its menu'), ...errorResponses(400, 404) },
});

const nearbyRoute = createRoute({
  method: 'post',
  path: '/nearby',
  tags: ['Kitchens'],
  summary: 'Approved, active kitchens within delivery range of a point, nearest first (with calculateDistance false: every approved kitchen, by name)',
  request: { body: jsonBody(nearbyKitchensInput) },
  responses: { 200: jsonContent(nearbyKitchens, 'Kitchens with their distance in miles'), ...errorResponses(400) },
});

export function createKitchenRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(nearbyRoute, async (c) => {
      const { userLatitude, userLongitude, calculateDistance } = c.req.valid('json');
      const cloudKitchens = await listNearbyKitchens({ db, point: { latitude: userLatitude, longitude: userLongitude }, calculateDistance });
      return c.json({ success: true, cloudKitchens }, 200);
    })
    .openapi(menuRoute, async (c) => c.json(await getKitchenMenu({ db, kitchenId: c.req.valid('param').id }), 200));
}
