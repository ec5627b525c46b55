import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { warehouses } from './locations.tables';

/** Every warehouse, open or not, by name: what staff tools name warehouses by. */
export async function listWarehouseNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.name));
}
