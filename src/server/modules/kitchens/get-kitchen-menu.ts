import { and, asc, eq, sql } from 'drizzle-orm';
import type { Dish, KitchenMenu } from '@/shared/contracts/kitchens';
import { kitchenCopy } from '@/shared/copy';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { dishRatings } from '../../read-models/rating-summaries';
import { mediaUrl } from '../catalog/media-urls';
import { cloudKitchenProducts, cloudKitchens, mealPlans } from './kitchens.tables';
import { kitchenKeys, ratingsOfKitchens, toSummary } from './list-kitchens';

const menuKitchenColumns = tableColumns(cloudKitchens, 'k', [...kitchenKeys, 'streetAddress', 'zipCode']);

/** A kitchen's page: its details and hours, its dishes by menu section, and its meal plans. */
export async function getKitchenMenu(options: { db: Db; kitchenId: string; now?: Date }): Promise<KitchenMenu> {
  const { db, kitchenId } = options;
  const [kitchen] = await queryRows(
    db,
    sql`select ${menuKitchenColumns.sql} from cloud_kitchens k where k.id = ${kitchenId} and k.approved and k.active`,
    menuKitchenColumns,
  );
  if (!kitchen) throw new AppError({ kind: 'NOT_FOUND', message: kitchenCopy.page.notTakingOrders });
  const [dishes, mealPlanRows, ratingOf] = await Promise.all([
    db
      .select({
        id: cloudKitchenProducts.id,
        name: cloudKitchenProducts.name,
        description: cloudKitchenProducts.description,
        price: cloudKitchenProducts.price,
        image: sql<string | null>`${cloudKitchenProducts.images}[1]`,
        available: cloudKitchenProducts.available,
        dietaryTags: cloudKitchenProducts.dietaryTags,
        section: cloudKitchenProducts.menuSection,
      })
      .from(cloudKitchenProducts)
      .where(and(eq(cloudKitchenProducts.cloudKitchenId, kitchenId), eq(cloudKitchenProducts.hidden, false)))
      .orderBy(asc(cloudKitchenProducts.menuSection), asc(cloudKitchenProducts.name)),
    db
      .select({
        id: mealPlans.id,
        name: mealPlans.name,
        description: mealPlans.description,
        mealsPerWeek: mealPlans.mealsPerWeek,
        weeklyPrice: mealPlans.weeklyPrice,
      })
      .from(mealPlans)
      .where(and(eq(mealPlans.cloudKitchenId, kitchenId), eq(mealPlans.active, true)))
      .orderBy(asc(mealPlans.weeklyPrice)),
    ratingsOfKitchens(db, [kitchenId]),
  ]);
  const ratings = await dishRatings(db, dishes.map((dish) => dish.id));
  const sections = new Map<string, Dish[]>();
  for (const { section, ...dish } of dishes) {
    const list = sections.get(section) ?? [];
    const rating = ratings.get(dish.id);
    list.push({ ...dish, image: dish.image ?? mediaUrl.dish(dish.id), rating: rating?.average ?? null, ratingCount: rating?.count ?? 0 });
    sections.set(section, list);
  }
  const order = ['Mains', 'Sides', 'Desserts', 'Drinks'];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return {
    kitchen: {
      ...toSummary(kitchen, options.now ?? new Date(), null, ratingOf(kitchenId)),
      streetAddress: kitchen.streetAddress,
      zipCode: kitchen.zipCode,
      openingHours: kitchen.openingHours,
    },
    sections: [...sections.entries()]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([name, list]) => ({ name, dishes: list })),
    mealPlans: mealPlanRows,
  };
}
