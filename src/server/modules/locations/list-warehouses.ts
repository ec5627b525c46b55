import { asc, desc, eq } from 'drizzle-orm';
import type { Warehouse } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { warehouses } from './locations.tables';

/** Every active warehouse, the default one first. */
export async function listWarehouses(options: { db: Db }): Promise<Warehouse[]> {
  return options.db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      location: warehouses.location,
      streetAddress: warehouses.streetAddress,
      city: warehouses.city,
      state: warehouses.state,
      latitude: warehouses.latitude,
      longitude: warehouses.longitude,
      deliveryRadiusMiles: warehouses.deliveryRadiusMiles,
      isDefault: warehouses.kitchenDefault,
    })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(desc(warehouses.kitchenDefault), asc(warehouses.name));
}
