import { sql } from 'drizzle-orm';
import type { Coordinates, ServiceArea } from '@/shared/contracts/locations';
import { queryRows, type Db } from '../../db/client';
import { haversineMiles } from '../../lib/geo';

interface ServingRow {
  id: string;
  name: string;
  location: string;
  deliveryFeeCents: number;
  distanceMiles: number;
}

/** The nearest active warehouse whose own delivery radius covers the point (select-warehouse-and-fee). */
export async function selectWarehouseForPoint(options: { db: Db; point: Coordinates }): Promise<ServiceArea> {
  const distance = haversineMiles(sql`w.latitude`, sql`w.longitude`, options.point);
  const [nearest] = await queryRows<ServingRow>(
    options.db,
    sql`select id, name, location, "deliveryFeeCents", "distanceMiles" from (
          select w.id, w.name, w.location, w.delivery_fee_cents as "deliveryFeeCents", w.delivery_radius_miles as radius,
                 ${distance} as "distanceMiles"
          from warehouses w where w.active
        ) candidates
        where "distanceMiles" <= radius
        order by "distanceMiles", name
        limit 1`,
  );
  if (!nearest) return { inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null };
  return {
    inServiceArea: true,
    warehouse: { id: nearest.id, name: nearest.name, location: nearest.location },
    deliveryFee: Number(nearest.deliveryFeeCents),
    distanceMiles: Math.round(Number(nearest.distanceMiles) * 100) / 100,
  };
}
