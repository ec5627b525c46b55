import { and, eq, sql } from 'drizzle-orm';
import type { KitchenMealPlan, MealPlanStatus } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { mealPlans, mealPlanSubscriptions } from './kitchens.tables';
import { auditedPlan, lockOwnPlan, planStatus, presentKitchenPlans } from './meal-plan-records';

/**
 * The owner pauses (no new subscribers, no deliveries), activates or retires a plan. Retiring is for
 * good and cancels its subscriptions, so their customers see it ended.
 */
export async function setMealPlanStatus(options: { db: Db; viewer: Viewer; planId: string; status: MealPlanStatus }): Promise<KitchenMealPlan> {
  const { db, viewer, status } = options;
  const plan = await db.transaction(async (tx) => {
    const before = await lockOwnPlan(tx, viewer, options.planId);
    if (before.retiredAt) throw new AppError({ kind: 'CONFLICT', code: 'MEAL_PLAN_RETIRED', message: mealPlanCopy.refusals.retired });
    if (planStatus(before) === status) return before;
    const [after] = await tx
      .update(mealPlans)
      .set(status === 'retired' ? { active: false, retiredAt: sql`now()`, updatedAt: sql`now()` } : { active: status === 'active', updatedAt: sql`now()` })
      .where(eq(mealPlans.id, before.id))
      .returning();
    let cancelled = 0;
    if (status === 'retired') {
      const ended = await tx
        .update(mealPlanSubscriptions)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(mealPlanSubscriptions.mealPlanId, before.id), sql`${mealPlanSubscriptions.status} <> 'cancelled'`))
        .returning({ id: mealPlanSubscriptions.id });
      cancelled = ended.length;
    }
    await recordAudit(tx, viewer, {
      action: `meal_plan.${status === 'active' ? 'activated' : status}`,
      entityType: 'meal_plan',
      entityId: before.id,
      summary: auditCopy.kitchens.mealPlanStatus(status, before.name, cancelled),
      before: auditedPlan(before),
      after: { ...auditedPlan(after!), ...(status === 'retired' ? { subscriptionsCancelled: cancelled } : {}) },
    });
    return after!;
  });
  const [presented] = await presentKitchenPlans(db, [plan]);
  return presented!;
}
