import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cloudKitchenProducts, cloudKitchens } from './kitchens.tables';

/** What a dish's generated picture is drawn from: its name, its menu section and its kitchen's cuisine. */
export async function getDishPictureSubject(options: { db: Db; dishId: string }): Promise<{ name: string; menuSection: string; cuisine: string } | undefined> {
  const [row] = await options.db
    .select({ name: cloudKitchenProducts.name, menuSection: cloudKitchenProducts.menuSection, cuisine: cloudKitchens.cuisine })
    .from(cloudKitchenProducts)
    .innerJoin(cloudKitchens, eq(cloudKitchens.id, cloudKitchenProducts.cloudKitchenId))
    .where(eq(cloudKitchenProducts.id, options.dishId));
  return row;
}

/** What a kitchen's generated picture is drawn from: its name and cuisine. */
export async function getKitchenPictureSubject(options: { db: Db; kitchenId: string }): Promise<{ name: string; cuisine: string } | undefined> {
  const [row] = await options.db
    .select({ name: cloudKitchens.businessName, cuisine: cloudKitchens.cuisine })
    .from(cloudKitchens)
    .where(eq(cloudKitchens.id, options.kitchenId));
  return row;
}
