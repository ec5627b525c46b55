import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { warehouses } from './locations.tables';

export type Warehouse = typeof warehouses.$inferSelect;

/** The refusal for a warehouse that does not exist or has stopped delivering. */
export const warehouseNotDelivering = () =>
  new AppError({ kind: 'NOT_FOUND', message: 'This warehouse does not exist or is not delivering.', fields: { warehouseId: 'Unknown or inactive warehouse' } });

/**
 * Whether the warehouse exists and delivers, as a condition another module's statement reads in its
 * own round trip (the product list's pages): what "delivers" means stays decided here.
 */
export function warehouseDeliversSql(warehouseId: string): SQL {
  return sql`exists (select from warehouses where id = ${warehouseId} and active)`;
}

/**
 * The active warehouse a request names, or, when it names none, the default one
 * (the kitchen-default warehouse, which the header shows until the customer picks another).
 */
export async function resolveWarehouse(options: { db: Db; warehouseId?: string }): Promise<Warehouse> {
  const { db, warehouseId } = options;
  if (warehouseId) {
    const [warehouse] = await db
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.id, warehouseId), eq(warehouses.active, true)));
    if (!warehouse) throw warehouseNotDelivering();
    return warehouse;
  }
  return getKitchenWarehouse({ db });
}

/** The one warehouse cloud kitchen dishes are booked against. */
export async function getKitchenWarehouse(options: { db: Db }): Promise<Warehouse> {
  const [warehouse] = await options.db
    .select()
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(desc(warehouses.kitchenDefault), asc(warehouses.createdAt), asc(warehouses.name))
    .limit(1);
  if (!warehouse) throw new AppError({ kind: 'UNAVAILABLE', message: 'No warehouse is delivering right now.' });
  return warehouse;
}
