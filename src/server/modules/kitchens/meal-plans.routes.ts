import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import {
  kitchenMealPlan,
  kitchenMealPlans,
  mealPlanInput,
  mealPlanPage,
  mealPlanQuery,
  mealPlanStatusInput,
  mealPlanSubscription,
  subscribeInput,
  type SubscriptionAction,
} from '@/shared/contracts/meal-plans';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { changeMealPlanSubscription } from './change-meal-plan-subscription';
import { createMealPlan } from './create-meal-plan';
import { listKitchenMealPlans } from './list-kitchen-meal-plans';
import { listMealPlanSubscriptions } from './list-meal-plan-subscriptions';
import { listMealPlans } from './list-meal-plans';
import { setMealPlanStatus } from './set-meal-plan-status';
import { subscribeToMealPlan } from './subscribe-to-meal-plan';
import { updateMealPlan } from './update-meal-plan';

const ownerTags = ['Kitchen meal plans'];
const customerTags = ['Meal plans'];

const ownerListRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ownerTags,
  summary: "The owner's meal plans with their subscriber counts, and the dishes a week's menu may name",
  responses: { 200: jsonContent(kitchenMealPlans, 'Plans and dishes'), ...errorResponses(401, 403, 404) },
});
const createPlanRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ownerTags,
  summary: 'Publish a weekly meal plan (active at once)',
  request: { body: jsonBody(mealPlanInput) },
  responses: { 201: jsonContent(kitchenMealPlan, 'The plan'), ...errorResponses(400, 401, 403, 404) },
});
const updatePlanRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ownerTags,
  summary: "Edit a plan's details and this week's menu (a new price applies to new subscribers)",
  request: { params: idParam, body: jsonBody(mealPlanInput) },
  responses: { 200: jsonContent(kitchenMealPlan, 'The plan'), ...errorResponses(400, 401, 403, 404, 409) },
});
const planStatusRoute = createRoute({
  method: 'post',
  path: '/{id}/status',
  tags: ownerTags,
  summary: 'Pause, activate or retire a plan (retiring cancels its subscriptions and is final)',
  request: { params: idParam, body: jsonBody(mealPlanStatusInput) },
  responses: { 200: jsonContent(kitchenMealPlan, 'The plan'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createKitchenMealPlanRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('cloud_kitchen'));
  return router
    .openapi(ownerListRoute, async (c) => c.json(await listKitchenMealPlans({ db, viewer: c.var.viewer }), 200))
    .openapi(createPlanRoute, async (c) => c.json(await createMealPlan({ db, viewer: c.var.viewer, input: c.req.valid('json') }), 201))
    .openapi(updatePlanRoute, async (c) =>
      c.json(await updateMealPlan({ db, viewer: c.var.viewer, planId: c.req.valid('param').id, input: c.req.valid('json') }), 200),
    )
    .openapi(planStatusRoute, async (c) =>
      c.json(await setMealPlanStatus({ db, viewer: c.var.viewer, planId: c.req.valid('param').id, status: c.req.valid('json').status }), 200),
    );
}

const publicListRoute = createRoute({
  method: 'get',
  path: '/',
  tags: customerTags,
  summary: 'Meal plans customers may subscribe to; with a position, those of kitchens in delivery range, nearest first',
  request: { query: mealPlanQuery },
  responses: { 200: jsonContent(mealPlanPage, 'A page of plans'), ...errorResponses(400) },
});
const subscribeRoute = createRoute({
  method: 'post',
  path: '/{id}/subscriptions',
  tags: customerTags,
  summary: 'Subscribe to a plan, delivered to one of your addresses and paid on delivery each week (customers)',
  request: { params: idParam, body: jsonBody(subscribeInput) },
  responses: { 201: jsonContent(mealPlanSubscription, 'The subscription'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createMealPlanRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(publicListRoute, async (c) => {
      const { latitude, longitude, page, pageSize } = c.req.valid('query');
      const point = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      return c.json(await listMealPlans({ db, point, page, pageSize }), 200);
    })
    .openapi({ ...subscribeRoute, middleware: [requireSession(deps), requireRole('customer')] }, async (c) =>
      c.json(await subscribeToMealPlan({ db, viewer: c.var.viewer, planId: c.req.valid('param').id, addressId: c.req.valid('json').addressId }), 201),
    );
}

const ownListRoute = createRoute({
  method: 'get',
  path: '/',
  tags: customerTags,
  summary: 'Your meal plan subscriptions, live ones first (customers)',
  responses: { 200: jsonContent(z.array(mealPlanSubscription), 'Subscriptions'), ...errorResponses(401, 403) },
});

function actionRoute(action: SubscriptionAction, summary: string) {
  return createRoute({
    method: 'post',
    path: `/{id}/${action}`,
    tags: customerTags,
    summary,
    request: { params: idParam },
    responses: { 200: jsonContent(mealPlanSubscription, 'The subscription'), ...errorResponses(400, 401, 403, 404, 409) },
  });
}
const pauseRoute = actionRoute('pause', 'Pause your subscription: no weekly orders until resumed');
const resumeRoute = actionRoute('resume', 'Resume your paused subscription');
const cancelRoute = actionRoute('cancel', 'Cancel your subscription for good');

export function createMealPlanSubscriptionRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('customer'));
  return router
    .openapi(ownListRoute, async (c) => c.json(await listMealPlanSubscriptions({ db, viewer: c.var.viewer }), 200))
    .openapi(pauseRoute, async (c) =>
      c.json(await changeMealPlanSubscription({ db, viewer: c.var.viewer, subscriptionId: c.req.valid('param').id, action: 'pause' }), 200),
    )
    .openapi(resumeRoute, async (c) =>
      c.json(await changeMealPlanSubscription({ db, viewer: c.var.viewer, subscriptionId: c.req.valid('param').id, action: 'resume' }), 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json(await changeMealPlanSubscription({ db, viewer: c.var.viewer, subscriptionId: c.req.valid('param').id, action: 'cancel' }), 200),
    );
}
