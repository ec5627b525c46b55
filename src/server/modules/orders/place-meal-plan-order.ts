import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { Address } from '@/shared/contracts/locations';
import type { Db } from '../../db/client';
import { getKitchenWarehouse } from '../locations/get-warehouse';
import { createPayment } from '../payments/payment-records';
import { newDeliveryCode } from './order-number';
import { insertOrder } from './order-writes';

/** The delivery window of a meal plan's week, in the kitchen's time zone. */
const WINDOW_START_HOUR = 11;
const WINDOW_END_HOUR = 13;

export interface MealPlanDelivery {
  subscriptionId: string;
  customerProfileId: string;
  kitchenId: string;
  timeZone: string;
  address: Address;
  /** YYYY-MM-DD in the kitchen's time zone. */
  deliveryDate: string;
  planName: string;
  detail: string;
  weeklyPrice: number;
}

function atHour(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, 0, 0, 0, timeZone).getTime());
}

/**
 * Places one week of a meal plan subscription as the kitchen's order, inside the caller's transaction,
 * by the system: one line for the plan at the subscription's weekly price, no fees, paid on delivery,
 * delivered in the plan day's midday window. The order's key is the subscription and week, so a second
 * placement of the same week writes nothing and answers null.
 */
export async function placeMealPlanOrder(tx: Db, delivery: MealPlanDelivery): Promise<{ id: string; orderNumber: string } | null> {
  const warehouse = await getKitchenWarehouse({ db: tx });
  const { address } = delivery;
  const windowStart = atHour(delivery.deliveryDate, WINDOW_START_HOUR, delivery.timeZone);
  const windowEnd = atHour(delivery.deliveryDate, WINDOW_END_HOUR, delivery.timeZone);
  const key = `meal-plan:${delivery.subscriptionId}:${delivery.deliveryDate}`;
  const order = await insertOrder(
    tx,
    {
      id: randomUUID(),
      customerProfileId: delivery.customerProfileId,
      type: 'cloud_kitchen',
      warehouseId: warehouse.id,
      cloudKitchenId: delivery.kitchenId,
      addressId: address.id,
      addressLabel: address.label,
      streetAddress: address.streetAddress,
      addressUnit: address.unit,
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
      deliveryInstructions: address.deliveryInstructions,
      latitude: address.latitude,
      longitude: address.longitude,
      distanceMiles: null,
      windowStart,
      windowEnd,
      estimatedDeliveryAt: windowEnd,
      bookedSlotStart: null,
      subtotal: delivery.weeklyPrice,
      discountSavings: 0,
      bundleSavings: 0,
      dealSavings: 0,
      serviceFee: 0,
      deliveryFee: 0,
      taxAmount: 0,
      tip: 0,
      totalAmount: delivery.weeklyPrice,
      paymentMethod: 'cash_on_delivery',
      driverNotes: '',
      deliveryCode: newDeliveryCode(),
      idempotencyKey: key,
      requestDigest: key,
    },
    [
      {
        itemType: 'cloud_kitchen',
        productId: null,
        bundleId: null,
        bogoOfferId: null,
        cloudKitchenProductId: null,
        name: delivery.planName,
        detail: delivery.detail,
        image: null,
        quantity: 1,
        unitPrice: delivery.weeklyPrice,
        originalPrice: delivery.weeklyPrice,
        substitution: null,
      },
    ],
    'system',
    delivery.timeZone,
  );
  if (!order) return null;
  await createPayment(tx, { orderId: order.id, method: 'cash_on_delivery', amount: delivery.weeklyPrice });
  return order;
}
