import { and, eq, inArray, sql } from 'drizzle-orm';
import { ownsKitchen } from '@/shared/access';
import type { KitchenMealPlan, MealPlanStatus } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cloudKitchenProducts, mealPlans, mealPlanSubscriptions } from './kitchens.tables';

export type MealPlanRow = typeof mealPlans.$inferSelect;

export function planStatus(plan: Pick<MealPlanRow, 'active' | 'retiredAt'>): MealPlanStatus {
  if (plan.retiredAt) return 'retired';
  return plan.active ? 'active' : 'paused';
}

export const planNotFound = () => new AppError({ kind: 'NOT_FOUND', code: 'MEAL_PLAN_NOT_FOUND', message: mealPlanCopy.refusals.planNotFound });

/** The kitchen the viewer runs; an owner without one has no plans to write. */
export function ownKitchenId(viewer: Viewer): string {
  const kitchenId = viewer.kitchenIds[0];
  if (viewer.role !== 'cloud_kitchen' || !kitchenId) throw new AppError({ kind: 'NOT_FOUND', code: 'NO_KITCHEN', message: mealPlanCopy.refusals.noKitchen });
  return kitchenId;
}

/** One of the viewer's kitchen's plans, locked for the change; another kitchen's answers as one that does not exist. */
export async function lockOwnPlan(tx: Db, viewer: Viewer, planId: string): Promise<MealPlanRow> {
  const [plan] = await tx.select().from(mealPlans).where(eq(mealPlans.id, planId)).for('update');
  if (!plan || !ownsKitchen(viewer, plan.cloudKitchenId)) throw planNotFound();
  return plan;
}

/** The dishes named are all on the kitchen's own menu (each once), or the field is refused. */
export async function checkMenuDishes(db: Db, kitchenId: string, dishIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(dishIds)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: cloudKitchenProducts.id })
    .from(cloudKitchenProducts)
    .where(and(eq(cloudKitchenProducts.cloudKitchenId, kitchenId), inArray(cloudKitchenProducts.id, unique)));
  if (found.length !== unique.length) {
    throw new AppError({ kind: 'VALIDATION_FAILED', code: 'DISH_NOT_ON_MENU', message: mealPlanCopy.refusals.dishNotOnMenu, fields: { dishIds: mealPlanCopy.refusals.dishNotOnMenu } });
  }
  return unique;
}

/** Plans as their owner sees them: with this week's dishes by name and the live subscriptions counted, active and paused apart. */
export async function presentKitchenPlans(db: Db, plans: readonly MealPlanRow[]): Promise<KitchenMealPlan[]> {
  if (plans.length === 0) return [];
  const ids = plans.map((plan) => plan.id);
  const dishIds = [...new Set(plans.flatMap((plan) => plan.dishIds))];
  const [counts, dishes] = await Promise.all([
    db
      .select({
        planId: mealPlanSubscriptions.mealPlanId,
        active: sql<number>`count(*) filter (where ${mealPlanSubscriptions.status} = 'active')::int`,
        paused: sql<number>`count(*) filter (where ${mealPlanSubscriptions.status} = 'paused')::int`,
      })
      .from(mealPlanSubscriptions)
      .where(and(inArray(mealPlanSubscriptions.mealPlanId, ids), sql`${mealPlanSubscriptions.status} <> 'cancelled'`))
      .groupBy(mealPlanSubscriptions.mealPlanId),
    dishIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: cloudKitchenProducts.id, name: cloudKitchenProducts.name }).from(cloudKitchenProducts).where(inArray(cloudKitchenProducts.id, dishIds)),
  ]);
  const countOf = new Map(counts.map((row) => [row.planId, { active: Number(row.active), paused: Number(row.paused) }]));
  const dishOf = new Map(dishes.map((dish) => [dish.id, dish]));
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    mealsPerWeek: plan.mealsPerWeek,
    weeklyPrice: plan.weeklyPrice,
    deliveryDay: plan.deliveryDay,
    status: planStatus(plan),
    // A dish deleted from the menu drops out of the week's menu.
    dishes: plan.dishIds.flatMap((id) => dishOf.get(id) ?? []),
    subscribers: countOf.get(plan.id) ?? { active: 0, paused: 0 },
    updatedAt: plan.updatedAt.toISOString(),
  }));
}

/** What the audit log keeps of a plan. */
export function auditedPlan(plan: MealPlanRow) {
  return {
    name: plan.name,
    description: plan.description,
    mealsPerWeek: plan.mealsPerWeek,
    weeklyPrice: plan.weeklyPrice,
    deliveryDay: plan.deliveryDay,
    dishIds: plan.dishIds,
    status: planStatus(plan),
  };
}
