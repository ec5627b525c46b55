import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '@/shared/access';
import type { KitchenDish } from '@/shared/contracts/kitchen-operator';
import { kitchenRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { cloudKitchenProducts } from './kitchens.tables';
import { ownedKitchenId } from './owned-kitchen';

export const dishColumns = {
  id: cloudKitchenProducts.id,
  name: cloudKitchenProducts.name,
  description: cloudKitchenProducts.description,
  menuSection: cloudKitchenProducts.menuSection,
  price: cloudKitchenProducts.price,
  images: cloudKitchenProducts.images,
  available: cloudKitchenProducts.available,
  hidden: cloudKitchenProducts.hidden,
  dietaryTags: cloudKitchenProducts.dietaryTags,
};

/** Every dish of the owner's kitchen, hidden ones too, by section and name. */
export async function listKitchenDishes(options: { db: Db; viewer: Actor }): Promise<KitchenDish[]> {
  return options.db
    .select(dishColumns)
    .from(cloudKitchenProducts)
    .where(eq(cloudKitchenProducts.cloudKitchenId, ownedKitchenId(options.viewer)))
    .orderBy(asc(cloudKitchenProducts.menuSection), asc(cloudKitchenProducts.name));
}

/** One dish of the owner's kitchen, locked; another kitchen's dish is not found. */
export async function lockOwnedDish(tx: Db, viewer: Actor, dishId: string): Promise<KitchenDish> {
  const [dish] = await tx
    .select(dishColumns)
    .from(cloudKitchenProducts)
    .where(and(eq(cloudKitchenProducts.id, dishId), eq(cloudKitchenProducts.cloudKitchenId, ownedKitchenId(viewer))))
    .for('update');
  if (!dish) throw new AppError({ kind: 'NOT_FOUND', message: kitchenRefusals.dishNotFound });
  return dish;
}
