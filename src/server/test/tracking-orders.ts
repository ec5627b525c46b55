import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/order-status';
import type { Db } from '../db/client';
import { recordOrderEvent } from '../modules/orders/order-events';
import { orderItems, orders } from '../modules/orders/orders.tables';

/** The way an order travels, in order; a test order is walked along it to the status it needs. */
const path: OrderStatus[] = ['placed', 'confirmed', 'processing', 'out_for_delivery', 'delivered'];

export interface TestOrderSpec {
  customerProfileId: string;
  warehouseId: string;
  status?: OrderStatus;
  driverProfileId?: string;
  latitude?: number;
  longitude?: number;
}

/**
 * An order as placement writes one (a row, one line, its `placed` event), moved on to `status` with an
 * event per step, as the lifecycle would. Tracking tests need orders, not checkout.
 */
export async function insertTestOrder(db: Db, spec: TestOrderSpec): Promise<{ id: string; orderNumber: string }> {
  const orderNumber = `FC-20261122-${randomBytes(3).toString('hex').toUpperCase()}`;
  const [order] = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(orders)
      .values({
        orderNumber,
        customerProfileId: spec.customerProfileId,
        type: 'grocery',
        warehouseId: spec.warehouseId,
        streetAddress: '1 Test Way',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: spec.latitude ?? 30.3,
        longitude: spec.longitude ?? -97.7,
        estimatedDeliveryAt: new Date(Date.now() + 45 * 60_000),
        subtotal: 1000,
        serviceFee: 20,
        deliveryFee: 299,
        taxAmount: 83,
        totalAmount: 1402,
        paymentMethod: 'cash_on_delivery',
        deliveryCode: '1234',
        idempotencyKey: randomBytes(8).toString('hex'),
        requestDigest: 'test',
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    await tx.insert(orderItems).values({ orderId: inserted[0]!.id, position: 0, itemType: 'product', name: 'Bananas', quantity: 2, unitPrice: 500, originalPrice: 500 });
    await recordOrderEvent(tx, { orderId: inserted[0]!.id, status: 'placed', actor: 'system' });
    return inserted;
  });
  const target = spec.status ?? 'placed';
  for (const status of path.slice(1, path.indexOf(target) + 1)) await moveTestOrder(db, order!.id, status, spec.driverProfileId);
  if (!path.includes(target)) await moveTestOrder(db, order!.id, target, spec.driverProfileId);
  return order!;
}

/** One status change as the lifecycle makes it: the row and its event, in one transaction. */
export async function moveTestOrder(db: Db, orderId: string, status: OrderStatus, driverProfileId?: string, note = '') {
  return db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status, ...(driverProfileId ? { driverProfileId } : {}), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    return recordOrderEvent(tx, { orderId, status, actor: 'system', note });
  });
}
