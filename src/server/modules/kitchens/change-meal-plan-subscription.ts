import { and, eq, sql } from 'drizzle-orm';
import type { MealPlanSubscription, MealPlanSubscriptionStatus, SubscriptionAction } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { mealPlanSubscriptions } from './kitchens.tables';
import { presentSubscriptions } from './meal-plan-subscriptions';

/** Each action: the statuses it starts from, where it leads, and the refusal otherwise. */
const moves: Record<SubscriptionAction, { from: MealPlanSubscriptionStatus[]; to: MealPlanSubscriptionStatus; refusal: string }> = {
  pause: { from: ['active'], to: 'paused', refusal: mealPlanCopy.refusals.cannotPause },
  resume: { from: ['paused'], to: 'active', refusal: mealPlanCopy.refusals.cannotResume },
  cancel: { from: ['active', 'paused'], to: 'cancelled', refusal: mealPlanCopy.refusals.alreadyCancelled },
};

/**
 * The customer pauses, resumes or cancels their own subscription; another's answers as one that does
 * not exist. The row lock orders it against the weekly run, which reads the status under the same lock.
 */
export async function changeMealPlanSubscription(options: {
  db: Db;
  viewer: Viewer;
  subscriptionId: string;
  action: SubscriptionAction;
  now?: Date;
}): Promise<MealPlanSubscription> {
  const { db, viewer } = options;
  const move = moves[options.action];
  await db.transaction(async (tx) => {
    const [subscription] = await tx
      .select({ id: mealPlanSubscriptions.id, status: mealPlanSubscriptions.status })
      .from(mealPlanSubscriptions)
      .where(and(eq(mealPlanSubscriptions.id, options.subscriptionId), eq(mealPlanSubscriptions.customerProfileId, viewer.profileId)))
      .for('update');
    if (!subscription) throw new AppError({ kind: 'NOT_FOUND', code: 'SUBSCRIPTION_NOT_FOUND', message: mealPlanCopy.refusals.subscriptionNotFound });
    if (!move.from.includes(subscription.status)) throw new AppError({ kind: 'CONFLICT', code: 'SUBSCRIPTION_STATE', message: move.refusal });
    await tx.update(mealPlanSubscriptions).set({ status: move.to, updatedAt: sql`now()` }).where(eq(mealPlanSubscriptions.id, subscription.id));
  });
  const [subscription] = await presentSubscriptions(db, viewer, { where: eq(mealPlanSubscriptions.id, options.subscriptionId), now: options.now ?? new Date() });
  return subscription!;
}
