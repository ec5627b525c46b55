import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cloudKitchenProducts, cloudKitchens } from './kitchens.tables';

/** What a dish's generated picture shows: its name, over its kitchen's cuisine. */
export async function getDishImageLabel(options: { db: Db; dishId: string }): Promise<{ title: string; subtitle: string } | undefined> {
  const [row] = await options.db
    .select({ title: cloudKitchenProducts.name, subtitle: cloudKitchens.cuisine })
    .from(cloudKitchenProducts)
    .innerJoin(cloudKitchens, eq(cloudKitchens.id, cloudKitchenProducts.cloudKitchenId))
    .where(eq(cloudKitchenProducts.id, options.dishId));
  return row;
}

/** What a kitchen's generated picture shows: its name and cuisine. */
export async function getKitchenImageLabel(options: { db: Db; kitchenId: string }): Promise<{ title: string; subtitle: string } | undefined> {
  const [row] = await options.db
    .select({ title: cloudKitchens.businessName, subtitle: cloudKitchens.cuisine })
    .from(cloudKitchens)
    .where(eq(cloudKitchens.id, options.kitchenId));
  return row;
}
