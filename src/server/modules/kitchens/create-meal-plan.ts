import type { KitchenMealPlan, MealPlanValues } from '@/shared/contracts/meal-plans';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { recordAudit } from '../audit/record-audit';
import { mealPlans } from './kitchens.tables';
import { auditedPlan, checkMenuDishes, ownKitchenId, presentKitchenPlans } from './meal-plan-records';

/** The owner publishes a new weekly plan for their kitchen, active at once. */
export async function createMealPlan(options: { db: Db; viewer: Viewer; input: MealPlanValues }): Promise<KitchenMealPlan> {
  const { db, viewer, input } = options;
  const kitchenId = ownKitchenId(viewer);
  const plan = await db.transaction(async (tx) => {
    const dishIds = await checkMenuDishes(tx, kitchenId, input.dishIds);
    const [created] = await tx
      .insert(mealPlans)
      .values({ cloudKitchenId: kitchenId, ...input, dishIds })
      .returning();
    await recordAudit(tx, viewer, {
      action: 'meal_plan.created',
      entityType: 'meal_plan',
      entityId: created!.id,
      summary: auditCopy.kitchens.mealPlanPublished(created!.name),
      before: null,
      after: auditedPlan(created!),
    });
    return created!;
  });
  const [presented] = await presentKitchenPlans(db, [plan]);
  return presented!;
}
