import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { kitchenMenu, kitchenSummary, nearbyKitchens, nearbyKitchensInput } from '@/shared/contracts/kitchens';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { getKitchenMenu } from './get-kitchen-menu';
import { listKitchens } from './list-kitchens';
import { listNearbyKitchens } from './list-nearby-kitchens';

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

const nearbyRoute = createRoute({
  method: 'post',
  path: '/nearby',
  tags: ['Kitchens'],
  summary: 'Approved, open-for-business kitchens within delivery range of a point, nearest first',
  request: { body: jsonBody(nearbyKitchensInput) },
  responses: { 200: jsonContent(nearbyKitchens, 'Kitchens with their distance in miles'), ...errorResponses(400) },
});

export function createKitchenRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listKitchens({ db }), 200))
    .openapi(nearbyRoute, async (c) => {
      const { userLatitude, userLongitude, calculateDistance } = c.req.valid('json');
      const cloudKitchens = await listNearbyKitchens({ db, point: { latitude: userLatitude, longitude: userLongitude }, calculateDistance });
      return c.json({ success: true, cloudKitchens }, 200);
    })
    .openapi(menuRoute, async (c) => c.json(await getKitchenMenu({ db, kitchenId: c.req.valid('param').id }), 200));
}
