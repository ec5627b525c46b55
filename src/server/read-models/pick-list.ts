import { sql } from 'drizzle-orm';
import type { PickLine, PickList } from '@/shared/contracts/manager';
import type { OrderStatus } from '@/shared/order-status';
import { queryRows, type Db } from '../db/client';

const uuidList = (ids: readonly string[]) => sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

export interface PickOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  type: 'grocery' | 'cloud_kitchen';
  warehouseId: string;
  customerName: string;
  customerPhone: string | null;
}

/** The orders of a pick list, with the customer's name and phone (orders, auth); only existing ones. */
export function pickOrders(db: Db, orderIds: readonly string[]): Promise<PickOrder[]> {
  return queryRows<PickOrder>(
    db,
    sql`select o.id, o.order_number as "orderNumber", o.status, o.type, o.warehouse_id as "warehouseId",
        coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) as "customerName",
        nullif(trim(p.phone), '') as "customerPhone"
      from orders o join profiles p on p.id = o.customer_profile_id join "user" u on u.id = p.user_id
      where o.id in ${uuidList(orderIds)}
      order by o.placed_at, o.id`,
  );
}

interface LineRow extends Omit<PickLine, 'substitute'> {
  aisle: string;
  aisleOrder: number;
  substituteProductId: string | null;
  substituteName: string | null;
  substituteUnitPrice: number | null;
}

/**
 * The grocery lines of these orders grouped by aisle: the product's category (a bundle's or deal's
 * by its product; bundles on their own aisle), in the catalog's category order, with each product's
 * stock on the order's warehouse shelf (orders, catalog).
 */
export async function pickAisles(db: Db, orderIds: readonly string[]): Promise<PickList['aisles']> {
  const rows = await queryRows<LineRow>(
    db,
    sql`select oi.id as "lineId", o.id as "orderId", o.order_number as "orderNumber", oi.item_type as "itemType", oi.product_id as "productId",
        oi.name, oi.detail, oi.quantity, oi.unit_price as "unitPrice", oi.substitution, wp.stock_quantity as "stockQuantity",
        oi.fulfilment, oi.unavailable_quantity as "unavailableQuantity", oi.substitute_product_id as "substituteProductId",
        oi.substitute_name as "substituteName", oi.substitute_unit_price as "substituteUnitPrice",
        coalesce(c.name, 'Bundles') as aisle, coalesce(c.sort_order, 100000) as "aisleOrder"
      from order_items oi
      join orders o on o.id = oi.order_id
      left join bogo_offers b on b.id = oi.bogo_offer_id
      left join products pr on pr.id = coalesce(oi.product_id, b.product_id)
      left join categories c on c.id = pr.category_id
      left join warehouse_products wp on wp.warehouse_id = o.warehouse_id and wp.product_id = oi.product_id and oi.item_type = 'product'
      where o.id in ${uuidList(orderIds)} and oi.item_type <> 'cloud_kitchen'
      order by "aisleOrder", aisle, oi.name, o.placed_at, oi.position`,
  );
  const aisles = new Map<string, PickLine[]>();
  for (const { aisle, aisleOrder: _order, substituteProductId, substituteName, substituteUnitPrice, ...line } of rows) {
    const lines = aisles.get(aisle) ?? [];
    lines.push({
      ...line,
      substitute: substituteProductId && substituteName !== null && substituteUnitPrice !== null ? { productId: substituteProductId, name: substituteName, unitPrice: substituteUnitPrice } : null,
    });
    aisles.set(aisle, lines);
  }
  return [...aisles].map(([name, lines]) => ({ name, lines }));
}
