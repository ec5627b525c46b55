import { eq, sql } from 'drizzle-orm';
import type { KitchenMealPlan, MealPlanValues } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { mealPlans } from './kitchens.tables';
import { auditedPlan, checkMenuDishes, lockOwnPlan, presentKitchenPlans } from './meal-plan-records';

/**
 * The owner edits a plan: its details and this week's menu. A new price applies to new subscribers;
 * a retired plan no longer changes.
 */
export async function updateMealPlan(options: { db: Db; viewer: Viewer; planId: string; input: MealPlanValues }): Promise<KitchenMealPlan> {
  const { db, viewer, input } = options;
  const plan = await db.transaction(async (tx) => {
    const before = await lockOwnPlan(tx, viewer, options.planId);
    if (before.retiredAt) throw new AppError({ kind: 'CONFLICT', code: 'MEAL_PLAN_RETIRED', message: mealPlanCopy.refusals.retired });
    const dishIds = await checkMenuDishes(tx, before.cloudKitchenId, input.dishIds);
    const [after] = await tx
      .update(mealPlans)
      .set({ ...input, dishIds, updatedAt: sql`now()` })
      .where(eq(mealPlans.id, before.id))
      .returning();
    await recordAudit(tx, viewer, {
      action: 'meal_plan.updated',
      entityType: 'meal_plan',
      entityId: before.id,
      summary: auditCopy.kitchens.mealPlanEdited(after!.name),
      before: auditedPlan(before),
      after: auditedPlan(after!),
    });
    return after!;
  });
  const [presented] = await presentKitchenPlans(db, [plan]);
  return presented!;
}
