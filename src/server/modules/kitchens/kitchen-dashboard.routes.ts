import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { kitchenDish, kitchenDishInput, kitchenOpenInput, kitchenProfile, kitchenProfileInput } from '@/shared/contracts/kitchen-operator';
import { ratingSummary } from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { getRatingSummary } from '../reviews/get-rating-summary';
import { createKitchenDish } from './create-kitchen-dish';
import { deleteKitchenDish } from './delete-kitchen-dish';
import { getKitchenProfile } from './get-kitchen-profile';
import { listKitchenDishes } from './kitchen-dishes';
import { ownedKitchenId } from './owned-kitchen';
import { setKitchenOpen } from './set-kitchen-open';
import { updateKitchenDish } from './update-kitchen-dish';
import { updateKitchenProfile } from './update-kitchen-profile';

const tags = ['Kitchen dashboard'];
const ownerErrors = errorResponses(400, 401, 403, 404);

const profileRoute = createRoute({
  method: 'get',
  path: '/profile',
  tags,
  summary: "The owner's kitchen: profile, hours, switch",
  responses: { 200: jsonContent(kitchenProfile, 'The kitchen'), ...ownerErrors },
});
const updateProfileRoute = createRoute({
  method: 'put',
  path: '/profile',
  tags,
  summary: "Edit the kitchen's profile and opening hours",
  request: { body: jsonBody(kitchenProfileInput) },
  responses: { 200: jsonContent(kitchenProfile, 'The kitchen'), ...ownerErrors },
});
const openRoute = createRoute({
  method: 'put',
  path: '/open',
  tags,
  summary: 'The open/closed switch; it stays as set',
  request: { body: jsonBody(kitchenOpenInput) },
  responses: { 200: jsonContent(kitchenProfile, 'The kitchen'), ...ownerErrors },
});
const dishesRoute = createRoute({
  method: 'get',
  path: '/dishes',
  tags,
  summary: "Every dish of the owner's kitchen, hidden ones too",
  responses: { 200: jsonContent(z.array(kitchenDish), 'The dishes'), ...ownerErrors },
});
const createDishRoute = createRoute({
  method: 'post',
  path: '/dishes',
  tags,
  summary: 'Add a dish',
  request: { body: jsonBody(kitchenDishInput) },
  responses: { 201: jsonContent(kitchenDish, 'The dish'), ...ownerErrors },
});
const updateDishRoute = createRoute({
  method: 'put',
  path: '/dishes/{id}',
  tags,
  summary: 'Edit, hide or show a dish',
  request: { params: idParam, body: jsonBody(kitchenDishInput) },
  responses: { 200: jsonContent(kitchenDish, 'The dish'), ...ownerErrors },
});
const deleteDishRoute = createRoute({
  method: 'delete',
  path: '/dishes/{id}',
  tags,
  summary: 'Delete a dish',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...ownerErrors },
});
const ratingsRoute = createRoute({
  method: 'get',
  path: '/ratings',
  tags,
  summary: "The kitchen's average rating and recent comments",
  responses: { 200: jsonContent(ratingSummary, 'The ratings'), ...ownerErrors },
});

/** /api/kitchen: the owner runs their own kitchen; another kitchen's dishes are not found. */
export function createKitchenDashboardRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('cloud_kitchen'));
  return router
    .openapi(profileRoute, async (c) => c.json(await getKitchenProfile({ db, viewer: c.var.viewer }), 200))
    .openapi(updateProfileRoute, async (c) =>
      c.json(await updateKitchenProfile({ db, geocoder: deps.geocoder, viewer: c.var.viewer, input: c.req.valid('json') }), 200),
    )
    .openapi(openRoute, async (c) => c.json(await setKitchenOpen({ db, viewer: c.var.viewer, isOpen: c.req.valid('json').isOpen }), 200))
    .openapi(dishesRoute, async (c) => c.json(await listKitchenDishes({ db, viewer: c.var.viewer }), 200))
    .openapi(createDishRoute, async (c) => c.json(await createKitchenDish({ db, viewer: c.var.viewer, input: c.req.valid('json') }), 201))
    .openapi(updateDishRoute, async (c) =>
      c.json(await updateKitchenDish({ db, viewer: c.var.viewer, dishId: c.req.valid('param').id, input: c.req.valid('json') }), 200),
    )
    .openapi(deleteDishRoute, async (c) => {
      await deleteKitchenDish({ db, viewer: c.var.viewer, dishId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(ratingsRoute, async (c) => c.json(await getRatingSummary({ db, kind: 'kitchens', id: ownedKitchenId(c.var.viewer) }), 200));
}
