import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Coordinates } from '@/shared/contracts/locations';
import type { MealPlanPage } from '@/shared/contracts/meal-plans';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import type { Db } from '../../db/client';
import { haversineMiles } from '../../lib/geo';
import { cloudKitchenProducts, cloudKitchens, mealPlans } from './kitchens.tables';

/**
 * The plans customers may subscribe to: active plans of approved, active kitchens. With the
 * customer's position, only kitchens within delivery range, nearest first; else every one, cheapest first.
 */
export async function listMealPlans(options: { db: Db; point: Coordinates | null; page: number; pageSize: number }): Promise<MealPlanPage> {
  const { db, point, page, pageSize } = options;
  const distance: SQL | null = point ? haversineMiles(sql`${cloudKitchens.latitude}`, sql`${cloudKitchens.longitude}`, point) : null;
  const where = and(
    eq(mealPlans.active, true),
    isNull(mealPlans.retiredAt),
    eq(cloudKitchens.approved, true),
    eq(cloudKitchens.active, true),
    ...(distance ? [isNotNull(cloudKitchens.latitude), isNotNull(cloudKitchens.longitude), sql`${distance} <= ${DELIVERY_RANGE_MILES}`] : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mealPlans.id,
        name: mealPlans.name,
        description: mealPlans.description,
        mealsPerWeek: mealPlans.mealsPerWeek,
        weeklyPrice: mealPlans.weeklyPrice,
        deliveryDay: mealPlans.deliveryDay,
        dishIds: mealPlans.dishIds,
        kitchenId: cloudKitchens.id,
        businessName: cloudKitchens.businessName,
        cuisine: cloudKitchens.cuisine,
        city: cloudKitchens.city,
        state: cloudKitchens.state,
        timeZone: cloudKitchens.timeZone,
        distanceMiles: distance ? sql<number>`${distance}` : sql<null>`null::double precision`,
      })
      .from(mealPlans)
      .innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId))
      .where(where)
      .orderBy(...(distance ? [asc(distance)] : []), asc(mealPlans.weeklyPrice), asc(mealPlans.name), asc(mealPlans.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(mealPlans).innerJoin(cloudKitchens, eq(cloudKitchens.id, mealPlans.cloudKitchenId)).where(where),
  ]);
  const dishIds = [...new Set(rows.flatMap((row) => row.dishIds))];
  const dishes =
    dishIds.length === 0
      ? []
      : await db.select({ id: cloudKitchenProducts.id, name: cloudKitchenProducts.name }).from(cloudKitchenProducts).where(inArray(cloudKitchenProducts.id, dishIds));
  const dishOf = new Map(dishes.map((dish) => [dish.id, dish]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      mealsPerWeek: row.mealsPerWeek,
      weeklyPrice: row.weeklyPrice,
      deliveryDay: row.deliveryDay,
      menu: row.dishIds.flatMap((id) => dishOf.get(id) ?? []),
      kitchen: {
        id: row.kitchenId,
        businessName: row.businessName,
        cuisine: row.cuisine,
        city: row.city,
        state: row.state,
        distanceMiles: row.distanceMiles === null ? null : Math.round(Number(row.distanceMiles) * 10) / 10,
        timeZone: row.timeZone,
      },
    })),
    total: Number(total?.total ?? 0),
    page,
    pageSize,
  };
}
