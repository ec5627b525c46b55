import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { releaseStock, type StockItem } from '../catalog/stock';
import { releaseSlot } from './slots';

interface HeldOrder {
  type: 'grocery' | 'cloud_kitchen';
  warehouseId: string;
  cloudKitchenId: string | null;
  bookedSlotStart: Date | string | null;
}

/**
 * Gives back what an order held, inside the caller's transaction: its groceries go back on the
 * warehouse's shelves and its place in the delivery hour is freed. Called when an order is cancelled,
 * whoever cancels it; the caller has locked the order and checked the move.
 */
export async function releaseOrderHolds(tx: Db, orderId: string): Promise<void> {
  const [order] = await queryRows<HeldOrder>(
    tx,
    sql`select type, warehouse_id as "warehouseId", cloud_kitchen_id as "cloudKitchenId", booked_slot_start as "bookedSlotStart"
      from orders where id = ${orderId}`,
  );
  if (!order) return;
  if (order.type === 'grocery') {
    // What each line still holds: the units found on the shelf, and a substitute's units in place of the missing ones.
    const lines = await queryRows<{ itemType: StockItem['itemType']; ref: string; quantity: number }>(
      tx,
      sql`select item_type as "itemType", coalesce(bogo_offer_id, bundle_id, product_id) as ref, quantity - unavailable_quantity as quantity
          from order_items
          where order_id = ${orderId} and item_type <> 'cloud_kitchen' and coalesce(bogo_offer_id, bundle_id, product_id) is not null
            and quantity > unavailable_quantity
        union all
        select 'product' as "itemType", substitute_product_id as ref, unavailable_quantity as quantity
          from order_items
          where order_id = ${orderId} and fulfilment = 'substituted' and substitute_product_id is not null and unavailable_quantity > 0`,
    );
    await releaseStock(tx, { warehouseId: order.warehouseId, items: lines });
  }
  if (order.bookedSlotStart) {
    await releaseSlot(tx, { resourceId: order.cloudKitchenId ?? order.warehouseId, slotStart: new Date(order.bookedSlotStart) });
  }
}
