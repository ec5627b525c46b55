import { sql } from 'drizzle-orm';
import type { Coordinates, ServiceArea } from '@/shared/contracts/locations';
import { queryRows, tableColumns, type Db } from '../../db/client';
import { haversineMiles } from '../../lib/geo';
import { warehouses } from './locations.tables';

const servingColumns = tableColumns(warehouses, 'w', ['id', 'name', 'location', 'deliveryFeeCents']);

/** The nearest active warehouse whose own delivery radius covers the point (select-warehouse-and-fee). */
export async function selectWarehouseForPoint(options: { db: Db; point: Coordinates }): Promise<ServiceArea> {
  const distance = haversineMiles(sql`w.latitude`, sql`w.longitude`, options.point);
  const [nearest] = await queryRows<Pick<typeof warehouses.$inferSelect, 'id' | 'name' | 'location' | 'deliveryFeeCents'>, { distanceMiles: number }>(
    options.db,
    sql`select id, name, location, "deliveryFeeCents", "distanceMiles" from (
          select ${servingColumns.sql}, w.delivery_radius_miles as radius, ${distance} as "distanceMiles"
          from warehouses w where w.active
        ) candidates
        where "distanceMiles" <= radius
        order by "distanceMiles", name
        limit 1`,
    servingColumns,
  );
  if (!nearest) return { inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null };
  return {
    inServiceArea: true,
    warehouse: { id: nearest.id, name: nearest.name, location: nearest.location },
    deliveryFee: nearest.deliveryFeeCents,
    distanceMiles: Math.round(Number(nearest.distanceMiles) * 100) / 100,
  };
}
