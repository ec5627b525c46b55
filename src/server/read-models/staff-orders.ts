import { sql, type SQL } from 'drizzle-orm';
import { offerableStatuses, type OrderStatus, type OrderType } from '@/shared/order-status';
import type { StaffOrderPage, StaffOrderRow, StaffOrderView } from '@/shared/contracts/staff';

/** A row as this read model has it: whether a return may still be asked is the orders module's rule, added by its use case. */
export type StaffOrderReadRow = Omit<StaffOrderRow, 'returnable' | 'partlyRefunded'>;
import { queryRows, type Db } from '../db/client';
import { haversineMiles } from '../lib/geo';
import { itemCountOf } from './order-context';

/** Which orders a staff member may list at all: decided by the orders module from the viewer's role. */
export type StaffOrderScope =
  | { kind: 'all' }
  | { kind: 'warehouses'; warehouseIds: readonly string[] }
  | { kind: 'kitchens'; kitchenIds: readonly string[] }
  | { kind: 'driver'; profileId: string; warehouseIds: readonly string[] };

export interface StaffOrderFilters {
  view: StaffOrderView;
  status?: OrderStatus;
  type?: OrderType;
  warehouseId?: string;
  kitchenId?: string;
  customerProfileId?: string;
  from?: string;
  to?: string;
  q?: string;
  latitude?: number;
  longitude?: number;
  page: number;
  pageSize: number;
}

const activeStatuses: OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery'];

const uuidList = (ids: readonly string[]) => sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
const statusList = (statuses: readonly OrderStatus[]) => sql`(select value::order_status from jsonb_array_elements_text(${JSON.stringify(statuses)}::jsonb))`;

function scopeCondition(scope: StaffOrderScope, view: StaffOrderView): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'warehouses':
      return sql`o.warehouse_id in ${uuidList(scope.warehouseIds)}`;
    case 'kitchens':
      return sql`o.cloud_kitchen_id in ${uuidList(scope.kitchenIds)}`;
    case 'driver':
      return view === 'offered'
        ? sql`o.driver_profile_id is null and o.warehouse_id in ${uuidList(scope.warehouseIds)}`
        : sql`o.driver_profile_id = ${scope.profileId}`;
  }
}

function viewCondition(view: StaffOrderView): SQL {
  switch (view) {
    case 'active':
      return sql`o.status in ${statusList(activeStatuses)}`;
    case 'offered':
      return sql`o.status in ${statusList(offerableStatuses)}`;
    case 'all':
      return sql`true`;
  }
}

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

interface Row extends Omit<StaffOrderReadRow, 'customer' | 'warehouse' | 'kitchen' | 'driver' | 'delivery' | 'placedAt' | 'pickup' | 'distanceMiles'> {
  placedAt: Date | string;
  customerProfileId: string;
  customerName: string;
  customerEmail: string;
  warehouseId: string;
  warehouseName: string;
  kitchenId: string | null;
  kitchenName: string | null;
  driverProfileId: string | null;
  driverName: string | null;
  pickupName: string;
  pickupAddress: string;
  distanceMiles: number | string | null;
  windowStart: Date | string | null;
  windowEnd: Date | string | null;
  estimatedAt: Date | string;
  total: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The orders a staff queue shows (orders, with names from auth, locations and kitchens, and the cash
 * still due from payments), filtered, searched and paged in the database, oldest active first so the
 * queue is worked in order, otherwise newest first. It only reads.
 */
export async function listStaffOrders(db: Db, scope: StaffOrderScope, filters: StaffOrderFilters): Promise<Omit<StaffOrderPage, 'orders'> & { orders: StaffOrderReadRow[] }> {
  const conditions: SQL[] = [scopeCondition(scope, filters.view), viewCondition(filters.view)];
  if (filters.status) conditions.push(sql`o.status = ${filters.status}`);
  if (filters.type) conditions.push(sql`o.type = ${filters.type}`);
  if (filters.warehouseId) conditions.push(sql`o.warehouse_id = ${filters.warehouseId}`);
  if (filters.kitchenId) conditions.push(sql`o.cloud_kitchen_id = ${filters.kitchenId}`);
  if (filters.customerProfileId) conditions.push(sql`o.customer_profile_id = ${filters.customerProfileId}`);
  if (filters.from) conditions.push(sql`o.placed_at >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`o.placed_at < ${filters.to}::date + 1`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(o.order_number ilike ${pattern} or u.email ilike ${pattern} or concat_ws(' ', p.first_name, p.last_name) ilike ${pattern})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  // Dishes are collected at the kitchen, groceries at the warehouse; a kitchen without coordinates has no distance (listed last).
  const pickupLatitude = sql`case when k.id is null then w.latitude else k.latitude end`;
  const pickupLongitude = sql`case when k.id is null then w.longitude else k.longitude end`;
  const here = filters.latitude !== undefined && filters.longitude !== undefined ? { latitude: filters.latitude, longitude: filters.longitude } : null;
  const distance = here ? haversineMiles(pickupLatitude, pickupLongitude, here) : sql`null::double precision`;
  const order =
    filters.view === 'all'
      ? sql`o.placed_at desc, o.id desc`
      : filters.view === 'offered'
        ? // Offers: the nearest pickup first when the driver's position is known, else the one due out first.
          sql`${here ? sql`"distanceMiles" asc,` : sql``} coalesce(o.window_start, o.estimated_delivery_at) asc, o.id asc`
        : sql`o.placed_at asc, o.id asc`;
  const rows = await queryRows<Row>(
    db,
    sql`select o.id, o.order_number as "orderNumber", o.type, o.status, o.placed_at as "placedAt", o.total_amount as "totalAmount",
        o.tip, o.payment_method as "paymentMethod", o.driver_notes as "driverNotes",
        coalesce((select pay.amount from payments pay
          where pay.order_id = o.id and pay.method = 'cash_on_delivery' and pay.status = 'due_on_delivery'), 0)::int as "cashToCollect",
        ${itemCountOf(sql`o.id`)} as "itemCount",
        (select coalesce(jsonb_agg(jsonb_build_object('name', oi.name, 'quantity', oi.quantity) order by oi.position), '[]'::jsonb)
          from order_items oi where oi.order_id = o.id) as lines,
        p.id as "customerProfileId", trim(concat_ws(' ', p.first_name, p.last_name)) as "customerName", u.email as "customerEmail",
        w.id as "warehouseId", w.name as "warehouseName", k.id as "kitchenId", k.business_name as "kitchenName",
        d.id as "driverProfileId", trim(concat_ws(' ', d.first_name, d.last_name)) as "driverName",
        concat_ws(', ', o.street_address, nullif(o.address_unit, ''), o.city, o.state || ' ' || o.zip_code) as "dropOff",
        o.delivery_instructions as "deliveryInstructions",
        coalesce(k.business_name, w.name) as "pickupName",
        case when k.id is null then concat_ws(', ', w.street_address, w.city, w.state || ' ' || w.zip_code)
          else concat_ws(', ', k.street_address, k.city, k.state || ' ' || k.zip_code) end as "pickupAddress",
        ${distance} as "distanceMiles",
        o.window_start as "windowStart", o.window_end as "windowEnd", o.estimated_delivery_at as "estimatedAt",
        coalesce(k.time_zone, w.time_zone) as "timeZone",
        count(*) over ()::int as total
      from orders o
      join profiles p on p.id = o.customer_profile_id
      join "user" u on u.id = p.user_id
      join warehouses w on w.id = o.warehouse_id
      left join cloud_kitchens k on k.id = o.cloud_kitchen_id
      left join profiles d on d.id = o.driver_profile_id
      where ${where}
      order by ${order}
      limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`,
  );
  return {
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      type: row.type,
      status: row.status,
      placedAt: iso(row.placedAt),
      totalAmount: row.totalAmount,
      tip: row.tip,
      paymentMethod: row.paymentMethod,
      cashToCollect: row.cashToCollect,
      itemCount: row.itemCount,
      lines: row.lines,
      customer: { profileId: row.customerProfileId, name: row.customerName || row.customerEmail, email: row.customerEmail },
      warehouse: { id: row.warehouseId, name: row.warehouseName },
      kitchen: row.kitchenId ? { id: row.kitchenId, name: row.kitchenName ?? '' } : null,
      driver: row.driverProfileId ? { profileId: row.driverProfileId, name: row.driverName || 'Driver' } : null,
      pickup: { name: row.pickupName, address: row.pickupAddress },
      distanceMiles: row.distanceMiles === null ? null : Math.round(Number(row.distanceMiles) * 10) / 10,
      dropOff: row.dropOff,
      deliveryInstructions: row.deliveryInstructions,
      driverNotes: row.driverNotes,
      delivery: {
        windowStart: row.windowStart ? iso(row.windowStart) : null,
        windowEnd: row.windowEnd ? iso(row.windowEnd) : null,
        estimatedAt: iso(row.estimatedAt),
      },
      timeZone: row.timeZone,
    })),
    // The count rides on every row; a page past the end has none and says 0.
    total: rows[0]?.total ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
