import {
  mealPlanInput,
  mealPlanQuery,
  mealPlanStatusInput,
  subscribeInput,
  type KitchenMealPlan,
  type MealPlanStatus,
  type MealPlanSubscription,
  type MealPlanSubscriptionStatus,
  type PublicMealPlan,
} from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { parse, Refusal, type FakeApi } from './fake-api';
import { testId } from './fake-data';

/** A plan as the fake keeps it. */
export interface FakePlan {
  id: string;
  kitchenId: string;
  name: string;
  description: string;
  mealsPerWeek: number;
  weeklyPrice: number;
  deliveryDay: number;
  dishIds: string[];
  status: MealPlanStatus;
}

export interface FakeSubscription {
  id: string;
  planId: string;
  customerId: string;
  addressId: string;
  weeklyPrice: number;
  status: MealPlanSubscriptionStatus;
}

export interface MealPlanFakes {
  plans: FakePlan[];
  subscriptions: FakeSubscription[];
}

const installed = new WeakMap<FakeApi, MealPlanFakes>();

export function mealPlanFakes(api: FakeApi): MealPlanFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installMealPlanFakes was not called for this fake API');
  return fakes;
}

const refusals = mealPlanCopy.refusals;
/** The fake's next Monday: a delivery date for subscriptions that deliver. */
const NEXT_DELIVERY = '2026-11-30';
/** The fake's kitchens all keep the server's default clock. */
const FAKE_KITCHEN_TIME_ZONE = 'America/Chicago';

/**
 * The meal plan endpoints over an in-memory list: owners write their own kitchen's plans (another's
 * is not found), customers list active plans, subscribe with their own address and change their own
 * subscriptions, with the server's refusals.
 */
export function installMealPlanFakes(api: FakeApi): MealPlanFakes {
  const fakes: MealPlanFakes = { plans: [], subscriptions: [] };
  installed.set(api, fakes);
  let nextId = 1;

  const dishesOf = (kitchenId: string) =>
    api.data.kitchens.find((kitchen) => kitchen.menu.kitchen.id === kitchenId)?.menu.sections.flatMap((section) => section.dishes) ?? [];
  const kitchenOf = (kitchenId: string) => api.data.kitchens.find((kitchen) => kitchen.menu.kitchen.id === kitchenId)!.menu.kitchen;

  function owner() {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'cloud_kitchen') throw new Refusal(403, 'FORBIDDEN', 'You do not have access to this.');
    return viewer;
  }
  function ownPlan(id: string): FakePlan {
    const plan = fakes.plans.find((candidate) => candidate.id === id);
    if (!plan || !owner().profile.kitchenIds.includes(plan.kitchenId)) throw new Refusal(404, 'MEAL_PLAN_NOT_FOUND', refusals.planNotFound);
    return plan;
  }
  function presentOwn(plan: FakePlan): KitchenMealPlan {
    const dishes = dishesOf(plan.kitchenId);
    return {
      ...plan,
      dishes: plan.dishIds.flatMap((id) => dishes.filter((dish) => dish.id === id).map((dish) => ({ id: dish.id, name: dish.name }))),
      subscribers: {
        active: fakes.subscriptions.filter((subscription) => subscription.planId === plan.id && subscription.status === 'active').length,
        paused: fakes.subscriptions.filter((subscription) => subscription.planId === plan.id && subscription.status === 'paused').length,
      },
      updatedAt: '2026-11-22T12:00:00.000Z',
    };
  }
  function validInput(kitchenId: string, body: unknown) {
    const input = parse(mealPlanInput, body);
    const menu = new Set(dishesOf(kitchenId).map((dish) => dish.id));
    if (input.dishIds.some((id) => !menu.has(id))) throw new Refusal(400, 'DISH_NOT_ON_MENU', refusals.dishNotOnMenu, { dishIds: refusals.dishNotOnMenu });
    return input;
  }

  api.define('GET /api/kitchen/meal-plans', () => {
    const kitchenId = owner().profile.kitchenIds[0];
    if (!kitchenId) return { plans: [], dishes: [] };
    return {
      plans: fakes.plans.filter((plan) => plan.kitchenId === kitchenId).map(presentOwn),
      dishes: dishesOf(kitchenId).map((dish) => ({ id: dish.id, name: dish.name, available: dish.available })),
    };
  });
  api.define('POST /api/kitchen/meal-plans', ({ body }) => {
    const kitchenId = owner().profile.kitchenIds[0];
    if (!kitchenId) throw new Refusal(404, 'NO_KITCHEN', refusals.noKitchen);
    const plan: FakePlan = { id: testId(40, nextId++), kitchenId, status: 'active', ...validInput(kitchenId, body) };
    fakes.plans.push(plan);
    return new Response(JSON.stringify(presentOwn(plan)), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  api.define('PUT /api/kitchen/meal-plans/:id', ({ params, body }) => {
    const plan = ownPlan(params.id!);
    if (plan.status === 'retired') throw new Refusal(409, 'MEAL_PLAN_RETIRED', refusals.retired);
    Object.assign(plan, validInput(plan.kitchenId, body));
    return presentOwn(plan);
  });
  api.define('POST /api/kitchen/meal-plans/:id/status', ({ params, body }) => {
    const plan = ownPlan(params.id!);
    const { status } = parse(mealPlanStatusInput, body);
    if (plan.status === 'retired') throw new Refusal(409, 'MEAL_PLAN_RETIRED', refusals.retired);
    plan.status = status;
    if (status === 'retired') {
      for (const subscription of fakes.subscriptions) if (subscription.planId === plan.id) subscription.status = 'cancelled';
    }
    return presentOwn(plan);
  });

  function presentPublic(plan: FakePlan): PublicMealPlan {
    const kitchen = kitchenOf(plan.kitchenId);
    const dishes = dishesOf(plan.kitchenId);
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      mealsPerWeek: plan.mealsPerWeek,
      weeklyPrice: plan.weeklyPrice,
      deliveryDay: plan.deliveryDay,
      menu: plan.dishIds.flatMap((id) => dishes.filter((dish) => dish.id === id).map((dish) => ({ id: dish.id, name: dish.name }))),
      kitchen: { id: kitchen.id, businessName: kitchen.businessName, cuisine: kitchen.cuisine, city: kitchen.city, state: kitchen.state, distanceMiles: null, timeZone: FAKE_KITCHEN_TIME_ZONE },
    };
  }

  api.define('GET /api/meal-plans', ({ query }) => {
    const { page, pageSize } = parse(mealPlanQuery, Object.fromEntries(query));
    const active = fakes.plans.filter((plan) => plan.status === 'active');
    return { items: active.slice((page - 1) * pageSize, page * pageSize).map(presentPublic), total: active.length, page, pageSize };
  });

  function presentSubscription(subscription: FakeSubscription): MealPlanSubscription {
    const plan = fakes.plans.find((candidate) => candidate.id === subscription.planId)!;
    const kitchen = kitchenOf(plan.kitchenId);
    const address = (api.data.addresses[subscription.customerId] ?? []).find((candidate) => candidate.id === subscription.addressId);
    return {
      id: subscription.id,
      status: subscription.status,
      weeklyPrice: subscription.weeklyPrice,
      paymentMethod: 'cash_on_delivery',
      plan: { id: plan.id, name: plan.name, mealsPerWeek: plan.mealsPerWeek, deliveryDay: plan.deliveryDay, status: plan.status, kitchen: { id: kitchen.id, businessName: kitchen.businessName } },
      address: address ? { label: address.label, streetAddress: address.streetAddress, city: address.city, state: address.state, zipCode: address.zipCode } : null,
      nextDelivery: subscription.status === 'active' && plan.status === 'active' && address ? NEXT_DELIVERY : null,
      createdAt: '2026-11-22T12:00:00.000Z',
    };
  }

  api.define('POST /api/meal-plans/:id/subscriptions', ({ params, body }) => {
    const customer = api.customerOrRefuse();
    const plan = fakes.plans.find((candidate) => candidate.id === params.id);
    if (!plan) throw new Refusal(404, 'MEAL_PLAN_NOT_FOUND', refusals.planNotFound);
    if (plan.status !== 'active') throw new Refusal(409, 'MEAL_PLAN_NOT_TAKING', refusals.notTaking);
    const { addressId } = parse(subscribeInput, body);
    if (!(api.data.addresses[customer.id] ?? []).some((address) => address.id === addressId)) {
      throw new Refusal(404, 'ADDRESS_NOT_FOUND', 'This address does not exist.', { addressId: 'This address does not exist.' });
    }
    if (fakes.subscriptions.some((candidate) => candidate.planId === plan.id && candidate.customerId === customer.id && candidate.status !== 'cancelled')) {
      throw new Refusal(409, 'ALREADY_SUBSCRIBED', refusals.alreadySubscribed);
    }
    const subscription: FakeSubscription = { id: testId(41, nextId++), planId: plan.id, customerId: customer.id, addressId, weeklyPrice: plan.weeklyPrice, status: 'active' };
    fakes.subscriptions.push(subscription);
    return new Response(JSON.stringify(presentSubscription(subscription)), { status: 201, headers: { 'content-type': 'application/json' } });
  });

  api.define('GET /api/meal-plan-subscriptions', () => {
    const customer = api.customerOrRefuse();
    return fakes.subscriptions
      .filter((subscription) => subscription.customerId === customer.id)
      .sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled'))
      .map(presentSubscription);
  });

  const moves = {
    pause: { from: ['active'], to: 'paused', refusal: refusals.cannotPause },
    resume: { from: ['paused'], to: 'active', refusal: refusals.cannotResume },
    cancel: { from: ['active', 'paused'], to: 'cancelled', refusal: refusals.alreadyCancelled },
  } as const;
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    api.define(`POST /api/meal-plan-subscriptions/:id/${action}`, ({ params }) => {
      const customer = api.customerOrRefuse();
      const subscription = fakes.subscriptions.find((candidate) => candidate.id === params.id && candidate.customerId === customer.id);
      if (!subscription) throw new Refusal(404, 'SUBSCRIPTION_NOT_FOUND', refusals.subscriptionNotFound);
      const move = moves[action];
      if (!(move.from as readonly string[]).includes(subscription.status)) throw new Refusal(409, 'SUBSCRIPTION_STATE', move.refusal);
      subscription.status = move.to;
      return presentSubscription(subscription);
    });
  }
  return fakes;
}
