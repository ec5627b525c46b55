import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { mealPlanCopy } from '@/shared/copy';
import { dueDelivery } from '@/shared/meal-plan-weeks';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import { findOwnAddress } from '../locations/address-access';
import { placeMealPlanOrder } from '../orders/place-meal-plan-order';
import { cloudKitchens, mealPlanDeliveries, mealPlans, mealPlanSubscriptions } from './kitchens.tables';

interface DueDelivery {
  subscriptionId: string;
  deliveryDate: string;
}

/** The subscription changed or its address went since it was read: this week is not delivered. */
class NotDeliverable extends Error {}

/**
 * Places the week's order of every active subscription whose delivery is due (its day is today or
 * tomorrow in the kitchen's time zone), for active plans of approved, active kitchens. Each delivery
 * is claimed by its (subscription, date) key before its order is written, in one transaction per
 * subscription: run twice, or by two instances at once, a week is ordered exactly once. Answers the
 * deliveries it placed.
 */
export async function runMealPlanDeliveries(options: { db: Db; now: Date; logger: Logger }): Promise<DueDelivery[]> {
  const { db, now, logger } = options;
  const live = await db
    .select({
      subscriptionId: mealPlanSubscriptions.id,
      subscribedAt: mealPlanSubscriptions.createdAt,
      deliveryDay: mealPlans.deliveryDay,
      timeZone: cloudKitchens.timeZone,
    })
    .from(mealPlanSubscriptions)
    .innerJoin(mealPlans, eq(mealPlans.id, mealPlanSubscriptions.mealPlanId))
    .innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId))
    .where(
      and(
        eq(mealPlanSubscriptions.status, 'active'),
        isNotNull(mealPlanSubscriptions.addressId),
        eq(mealPlans.active, true),
        isNull(mealPlans.retiredAt),
        eq(cloudKitchens.approved, true),
        eq(cloudKitchens.active, true),
      ),
    );
  const due = live.flatMap(({ subscriptionId, ...calendar }) => {
    const deliveryDate = dueDelivery({ now, ...calendar });
    return deliveryDate ? [{ subscriptionId, deliveryDate }] : [];
  });
  if (due.length === 0) return [];
  const made = await db
    .select({ subscriptionId: mealPlanDeliveries.subscriptionId, deliveryDate: mealPlanDeliveries.deliveryDate })
    .from(mealPlanDeliveries)
    .where(inArray(mealPlanDeliveries.subscriptionId, due.map((delivery) => delivery.subscriptionId)));
  const madeKeys = new Set(made.map((delivery) => `${delivery.subscriptionId} ${delivery.deliveryDate}`));

  const placed: DueDelivery[] = [];
  for (const delivery of due.filter((candidate) => !madeKeys.has(`${candidate.subscriptionId} ${candidate.deliveryDate}`))) {
    try {
      if (await placeDelivery(db, delivery)) placed.push(delivery);
    } catch (error) {
      if (error instanceof NotDeliverable) continue;
      // One subscription's failure must not hold up the others; the next run tries it again.
      logger.error({ ...errorEntry(error), ...delivery }, 'meal plan delivery could not be placed');
    }
  }
  return placed;
}

/** Claims and orders one week of one subscription; false when another run has claimed it. */
function placeDelivery(db: Db, delivery: DueDelivery): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Under the subscription's lock a pause or cancel either came first (and is seen here) or waits.
    const [found] = await tx
      .select({ subscription: mealPlanSubscriptions, plan: mealPlans, kitchen: { id: cloudKitchens.id, timeZone: cloudKitchens.timeZone } })
      .from(mealPlanSubscriptions)
      .innerJoin(mealPlans, eq(mealPlans.id, mealPlanSubscriptions.mealPlanId))
      .innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId))
      .where(eq(mealPlanSubscriptions.id, delivery.subscriptionId))
      .for('update', { of: mealPlanSubscriptions });
    if (!found || found.subscription.status !== 'active' || !found.plan.active || found.plan.retiredAt || !found.subscription.addressId) {
      throw new NotDeliverable();
    }
    const [claimed] = await tx
      .insert(mealPlanDeliveries)
      .values({ subscriptionId: delivery.subscriptionId, deliveryDate: delivery.deliveryDate })
      .onConflictDoNothing()
      .returning({ subscriptionId: mealPlanDeliveries.subscriptionId });
    if (!claimed) return false;
    const customer = { role: 'customer' as const, profileId: found.subscription.customerProfileId, warehouseIds: [], kitchenIds: [] };
    const address = await findOwnAddress(tx, customer, found.subscription.addressId).catch((error: unknown) => {
      throw error instanceof AppError && error.kind === 'NOT_FOUND' ? new NotDeliverable() : error;
    });
    const order = await placeMealPlanOrder(tx, {
      subscriptionId: found.subscription.id,
      customerProfileId: found.subscription.customerProfileId,
      kitchenId: found.kitchen.id,
      timeZone: found.kitchen.timeZone,
      address,
      deliveryDate: delivery.deliveryDate,
      planName: found.plan.name,
      detail: mealPlanCopy.orderLine(found.plan.mealsPerWeek, delivery.deliveryDate),
      weeklyPrice: found.subscription.weeklyPrice,
    });
    if (!order) return false;
    await tx
      .update(mealPlanDeliveries)
      .set({ orderId: order.id })
      .where(and(eq(mealPlanDeliveries.subscriptionId, delivery.subscriptionId), eq(mealPlanDeliveries.deliveryDate, delivery.deliveryDate)));
    return true;
  });
}
