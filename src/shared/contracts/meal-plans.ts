import { z } from 'zod';
import { cents, id, text } from './common';
import { latitude, longitude } from './locations';

/** A plan as its kitchen runs it: taking subscribers, paused (none new, no deliveries), or retired for good. */
export const mealPlanStatuses = ['active', 'paused', 'retired'] as const;
export type MealPlanStatus = (typeof mealPlanStatuses)[number];

export const mealPlanSubscriptionStatuses = ['active', 'paused', 'cancelled'] as const;
export type MealPlanSubscriptionStatus = (typeof mealPlanSubscriptionStatuses)[number];

export { weekdayNames } from './values';

export const MAX_MEALS_PER_WEEK = 21;
export const MAX_PLAN_DISHES = 21;

/** What the owner writes for a plan; prices in cents. */
export const mealPlanInput = z.object({
  name: text({ label: 'Name', max: 80, required: true }),
  description: text({ label: 'Description', max: 500, multiline: true }).default(''),
  mealsPerWeek: z
    .number({ error: 'Enter the meals per week' })
    .int('Meals per week must be a whole number')
    .min(1, 'At least 1 meal per week')
    .max(MAX_MEALS_PER_WEEK, `At most ${MAX_MEALS_PER_WEEK} meals per week`),
  weeklyPrice: z
    .number({ error: 'Enter the weekly price' })
    .int('The price is in whole cents')
    .min(100, 'The weekly price is at least $1.00')
    .max(1_000_000, 'The weekly price is at most $10,000.00'),
  deliveryDay: z.number({ error: 'Choose a delivery day' }).int().min(0, 'Choose a delivery day').max(6, 'Choose a delivery day'),
  /** This week's menu: dishes of the kitchen's own menu. */
  dishIds: z.array(id).max(MAX_PLAN_DISHES, `Choose at most ${MAX_PLAN_DISHES} dishes`).default([]),
});
export type MealPlanInput = z.input<typeof mealPlanInput>;
export type MealPlanValues = z.output<typeof mealPlanInput>;

export const mealPlanStatusInput = z.object({ status: z.enum(mealPlanStatuses, { error: 'Choose active, paused or retired' }) });

const planDish = z.object({ id, name: z.string() });

/** A plan as its owner sees it. */
export const kitchenMealPlan = z.object({
  id,
  name: z.string(),
  description: z.string(),
  mealsPerWeek: z.number().int(),
  weeklyPrice: cents,
  deliveryDay: z.number().int(),
  status: z.enum(mealPlanStatuses),
  dishes: z.array(planDish),
  /** Live subscriptions: active ones, delivered weekly, and paused ones, which may resume. */
  subscribers: z.object({ active: z.number().int(), paused: z.number().int() }),
  updatedAt: z.string(),
});
export type KitchenMealPlan = z.infer<typeof kitchenMealPlan>;

/** The owner's page: their plans (retired last) and the dishes a week's menu may name. */
export const kitchenMealPlans = z.object({
  plans: z.array(kitchenMealPlan),
  dishes: z.array(planDish.extend({ available: z.boolean() })),
});
export type KitchenMealPlans = z.infer<typeof kitchenMealPlans>;

export const mealPlanQuery = z.object({
  latitude: z.coerce.number().pipe(latitude).optional(),
  longitude: z.coerce.number().pipe(longitude).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});
export type MealPlanQuery = z.input<typeof mealPlanQuery>;

/** A plan as customers see it: active plans of approved, open-for-business kitchens. */
export const publicMealPlan = z.object({
  id,
  name: z.string(),
  description: z.string(),
  mealsPerWeek: z.number().int(),
  weeklyPrice: cents,
  deliveryDay: z.number().int(),
  menu: z.array(planDish),
  kitchen: z.object({
    id,
    businessName: z.string(),
    cuisine: z.string(),
    city: z.string(),
    state: z.string(),
    distanceMiles: z.number().nullable(),
    /** The kitchen's clock (IANA zone), which its deliveries are scheduled by. */
    timeZone: z.string(),
  }),
});
export type PublicMealPlan = z.infer<typeof publicMealPlan>;

export const mealPlanPage = z.object({ items: z.array(publicMealPlan), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type MealPlanPage = z.infer<typeof mealPlanPage>;

export const subscribeInput = z.object({ addressId: z.uuid({ error: 'Choose a delivery address' }) });
export type SubscribeInput = z.input<typeof subscribeInput>;

export const mealPlanSubscription = z.object({
  id,
  status: z.enum(mealPlanSubscriptionStatuses),
  weeklyPrice: cents,
  paymentMethod: z.literal('cash_on_delivery'),
  plan: z.object({
    id,
    name: z.string(),
    mealsPerWeek: z.number().int(),
    deliveryDay: z.number().int(),
    status: z.enum(mealPlanStatuses),
    kitchen: z.object({ id, businessName: z.string() }),
  }),
  /** Null once the address was deleted: no delivery is made until the customer subscribes again. */
  address: z.object({ label: z.string(), streetAddress: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }).nullable(),
  /** The next delivery day (YYYY-MM-DD, the kitchen's calendar) while the subscription and its plan are active. */
  nextDelivery: z.string().nullable(),
  createdAt: z.string(),
});
export type MealPlanSubscription = z.infer<typeof mealPlanSubscription>;

export const subscriptionActions = ['pause', 'resume', 'cancel'] as const;
export type SubscriptionAction = (typeof subscriptionActions)[number];
