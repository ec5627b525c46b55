import { eq } from 'drizzle-orm';
import type { MealPlanSubscription } from '@/shared/contracts/meal-plans';
import { mealPlanCopy, orderRefusals } from '@/shared/copy';
import { milesBetween } from '@/shared/delivery';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findOwnAddress } from '../locations/address-access';
import { cloudKitchens, mealPlans, mealPlanSubscriptions } from './kitchens.tables';
import { planNotFound } from './meal-plan-records';
import { presentSubscriptions } from './meal-plan-subscriptions';

/**
 * A customer subscribes to an active plan, delivered to one of their own addresses and paid on
 * delivery each week, at the plan's current weekly price. One live subscription per plan. The
 * address must be one the kitchen delivers to, by the checkout's rule: within the delivery range, or
 * in the kitchen's state when either side has no coordinates.
 */
export async function subscribeToMealPlan(options: { db: Db; viewer: Viewer; planId: string; addressId: string; now?: Date }): Promise<MealPlanSubscription> {
  const { db, viewer } = options;
  if (viewer.role !== 'customer') throw new AppError({ kind: 'FORBIDDEN', message: mealPlanCopy.refusals.customersOnly });
  const subscriptionId = await db.transaction(async (tx) => {
    // The plan's row lock orders this against the owner pausing or retiring it.
    const [found] = await tx
      .select({
        plan: mealPlans,
        kitchen: { approved: cloudKitchens.approved, active: cloudKitchens.active, latitude: cloudKitchens.latitude, longitude: cloudKitchens.longitude, state: cloudKitchens.state },
      })
      .from(mealPlans)
      .innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId))
      .where(eq(mealPlans.id, options.planId))
      .for('update', { of: mealPlans });
    if (!found || !found.kitchen.approved) throw planNotFound();
    if (!found.plan.active || found.plan.retiredAt || !found.kitchen.active) {
      throw new AppError({ kind: 'CONFLICT', code: 'MEAL_PLAN_NOT_TAKING', message: mealPlanCopy.refusals.notTaking });
    }
    const address = await findOwnAddress(tx, viewer, options.addressId).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'NOT_FOUND') throw new AppError({ kind: 'NOT_FOUND', code: error.code, message: error.message, fields: { addressId: error.message } });
      throw error;
    });
    const { kitchen } = found;
    const served =
      address.latitude !== null && address.longitude !== null && kitchen.latitude !== null && kitchen.longitude !== null
        ? milesBetween({ latitude: address.latitude, longitude: address.longitude }, { latitude: kitchen.latitude, longitude: kitchen.longitude }) <= DELIVERY_RANGE_MILES
        : address.state.toUpperCase() === kitchen.state.toUpperCase();
    if (!served) {
      const message = orderRefusals.outsideServiceArea;
      throw new AppError({ kind: 'CONFLICT', code: 'OUT_OF_AREA', message, fields: { addressId: message } });
    }
    const [created] = await tx
      .insert(mealPlanSubscriptions)
      .values({ mealPlanId: found.plan.id, customerProfileId: viewer.profileId, addressId: address.id, weeklyPrice: found.plan.weeklyPrice })
      .onConflictDoNothing()
      .returning({ id: mealPlanSubscriptions.id });
    if (!created) throw new AppError({ kind: 'CONFLICT', code: 'ALREADY_SUBSCRIBED', message: mealPlanCopy.refusals.alreadySubscribed });
    return created.id;
  });
  const [subscription] = await presentSubscriptions(db, viewer, { where: eq(mealPlanSubscriptions.id, subscriptionId), now: options.now ?? new Date() });
  return subscription!;
}
