import type { MealPlanSubscription } from '@/shared/contracts/meal-plans';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { presentSubscriptions } from './meal-plan-subscriptions';

/** The customer's own meal plan subscriptions, live ones first. */
export function listMealPlanSubscriptions(options: { db: Db; viewer: Viewer; now?: Date }): Promise<MealPlanSubscription[]> {
  return presentSubscriptions(options.db, options.viewer, { now: options.now ?? new Date() });
}
