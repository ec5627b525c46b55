import { asc, count, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminWarehousePage, adminWarehouseQuery } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { toAdminWarehouses } from './warehouse-records';
import { warehouses } from './locations.tables';

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Every warehouse, active or not, by name; searched by name, street, city or ZIP code and paged. */
export async function listAdminWarehouses(options: { db: Db; query: z.output<typeof adminWarehouseQuery> }): Promise<AdminWarehousePage> {
  const { db, query } = options;
  const pattern = query.q ? likePattern(query.q) : null;
  const where = pattern
    ? or(
        sql`${warehouses.name} ilike ${pattern}`,
        sql`${warehouses.streetAddress} ilike ${pattern}`,
        sql`${warehouses.city} ilike ${pattern}`,
        sql`${warehouses.zipCode} ilike ${pattern}`,
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select().from(warehouses).where(where).orderBy(asc(warehouses.name), asc(warehouses.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(warehouses).where(where),
  ]);
  return { warehouses: await toAdminWarehouses(db, rows), total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize };
}
