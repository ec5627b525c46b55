import { asc, eq, sql } from 'drizzle-orm';
import type { KitchenMealPlans } from '@/shared/contracts/meal-plans';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { cloudKitchenProducts, mealPlans } from './kitchens.tables';
import { presentKitchenPlans } from './meal-plan-records';

/**
 * The owner's plans (live ones first, then by name) and the dishes their weekly menus may name; none
 * for an owner whose kitchen is not set up yet.
 */
export async function listKitchenMealPlans(options: { db: Db; viewer: Viewer }): Promise<KitchenMealPlans> {
  const { db } = options;
  const kitchenId = options.viewer.kitchenIds[0];
  if (!kitchenId) return { plans: [], dishes: [] };
  const [plans, dishes] = await Promise.all([
    db
      .select()
      .from(mealPlans)
      .where(eq(mealPlans.cloudKitchenId, kitchenId))
      .orderBy(sql`${mealPlans.retiredAt} is not null`, asc(mealPlans.name), asc(mealPlans.id)),
    db
      .select({ id: cloudKitchenProducts.id, name: cloudKitchenProducts.name, available: cloudKitchenProducts.available })
      .from(cloudKitchenProducts)
      .where(eq(cloudKitchenProducts.cloudKitchenId, kitchenId))
      .orderBy(asc(cloudKitchenProducts.name)),
  ]);
  return { plans: await presentKitchenPlans(db, plans), dishes };
}
