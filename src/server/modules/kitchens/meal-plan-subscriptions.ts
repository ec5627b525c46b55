import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MealPlanSubscription } from '@/shared/contracts/meal-plans';
import { nextDelivery } from '@/shared/meal-plan-weeks';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { listAddresses } from '../locations/list-addresses';
import { cloudKitchens, mealPlans, mealPlanSubscriptions } from './kitchens.tables';
import { planStatus } from './meal-plan-records';

/** The customer's subscriptions matching `where` as they see them: live ones first, newest first. */
export async function presentSubscriptions(db: Db, viewer: Viewer, options: { where?: SQL; now: Date }): Promise<MealPlanSubscription[]> {
  const [rows, addresses] = await Promise.all([
    db
      .select({ subscription: mealPlanSubscriptions, plan: mealPlans, kitchen: { id: cloudKitchens.id, businessName: cloudKitchens.businessName, timeZone: cloudKitchens.timeZone } })
      .from(mealPlanSubscriptions)
      .innerJoin(mealPlans, eq(mealPlans.id, mealPlanSubscriptions.mealPlanId))
      .innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId))
      .where(and(eq(mealPlanSubscriptions.customerProfileId, viewer.profileId), options.where))
      .orderBy(sql`${mealPlanSubscriptions.status} = 'cancelled'`, desc(mealPlanSubscriptions.createdAt), desc(mealPlanSubscriptions.id)),
    listAddresses({ db, viewer }),
  ]);
  const addressOf = new Map(addresses.map((address) => [address.id, address]));
  return rows.map(({ subscription, plan, kitchen }) => {
    const address = subscription.addressId ? addressOf.get(subscription.addressId) : undefined;
    const status = planStatus(plan);
    const delivering = subscription.status === 'active' && status === 'active' && address !== undefined;
    return {
      id: subscription.id,
      status: subscription.status,
      weeklyPrice: subscription.weeklyPrice,
      paymentMethod: 'cash_on_delivery' as const,
      plan: {
        id: plan.id,
        name: plan.name,
        mealsPerWeek: plan.mealsPerWeek,
        deliveryDay: plan.deliveryDay,
        status,
        kitchen: { id: kitchen.id, businessName: kitchen.businessName },
      },
      address: address
        ? { label: address.label, streetAddress: address.streetAddress, city: address.city, state: address.state, zipCode: address.zipCode }
        : null,
      nextDelivery: delivering
        ? nextDelivery({ now: options.now, timeZone: kitchen.timeZone, deliveryDay: plan.deliveryDay, subscribedAt: subscription.createdAt })
        : null,
      createdAt: subscription.createdAt.toISOString(),
    };
  });
}
