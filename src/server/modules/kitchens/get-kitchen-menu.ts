import { sql } from 'drizzle-orm';
import type { Dish, KitchenMenu } from '@/shared/contracts/kitchens';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { mediaUrl } from '../catalog/media-urls';
import { kitchenColumns, toSummary, type KitchenRow } from './list-kitchens';

/** A kitchen's page: its details and hours, its dishes by menu section, and its meal plans. */
export async function getKitchenMenu(options: { db: Db; kitchenId: string; now?: Date }): Promise<KitchenMenu> {
  const { db, kitchenId } = options;
  const [kitchen] = await queryRows<KitchenRow & { streetAddress: string; zipCode: string }>(
    db,
    sql`select ${kitchenColumns}, k.street_address as "streetAddress", k.zip_code as "zipCode"
        from cloud_kitchens k where k.id = ${kitchenId} and k.approved and k.active`,
  );
  if (!kitchen) throw new AppError({ kind: 'NOT_FOUND', message: 'This kitchen is not taking orders.' });
  const [dishes, mealPlans] = await Promise.all([
    queryRows<Omit<Dish, 'image'> & { image: string | null; section: string }>(
      db,
      sql`select id, name, description, price, images[1] as image, available, menu_section as section
          from cloud_kitchen_products where cloud_kitchen_id = ${kitchenId}
          order by menu_section, name`,
    ),
    queryRows<KitchenMenu['mealPlans'][number]>(
      db,
      sql`select id, name, description, meals_per_week as "mealsPerWeek", weekly_price as "weeklyPrice"
          from meal_plans where cloud_kitchen_id = ${kitchenId} and active order by weekly_price`,
    ),
  ]);
  const sections = new Map<string, Dish[]>();
  for (const { section, ...dish } of dishes) {
    const list = sections.get(section) ?? [];
    list.push({ ...dish, image: dish.image ?? mediaUrl.dish(dish.id) });
    sections.set(section, list);
  }
  const order = ['Mains', 'Sides', 'Desserts', 'Drinks'];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return {
    kitchen: {
      ...toSummary(kitchen, options.now ?? new Date()),
      streetAddress: kitchen.streetAddress,
      zipCode: kitchen.zipCode,
      openingHours: kitchen.openingHours,
    },
    sections: [...sections.entries()]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([name, list]) => ({ name, dishes: list })),
    mealPlans,
  };
}
