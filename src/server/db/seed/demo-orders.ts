import { TZDate } from '@date-fns/tz';
import type { CartItemInput } from '@/shared/contracts/cart';
import type { OrderStatus } from '@/shared/order-status';
import type { Db } from '../client';
import type { Viewer } from '../../lib/context';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mail';
import { createPayOnDeliveryProvider } from '../../providers/payments';
import { addCartItem } from '../../modules/cart/add-cart-item';
import { acceptDelivery } from '../../modules/orders/accept-delivery';
import { changeOrderStatus } from '../../modules/orders/change-order-status';
import { getOrder } from '../../modules/orders/get-order';
import { placeOrder } from '../../modules/orders/place-order';
import { quoteCheckout } from '../../modules/orders/quote-checkout';

/** Who the demo's past orders concern, as the use cases see them when each is signed in. */
export interface DemoHistoryPeople {
  customer: Viewer;
  manager: Viewer;
  kitchen: Viewer;
  driver: Viewer;
}

/** One past order: what was in the cart, where from, and when (days ago, at a local time of its source). */
interface PastOrder {
  daysAgo: number;
  /** Local 'HH:MM' at the source; a kitchen order takes one its opening hours allow that weekday. */
  placedAt: string | ((weekday: number) => string);
  source: 'warehouse' | 'kitchen';
  items: { name: string; quantity: number }[];
  tip: number;
  driverNotes: string;
}

/**
 * The demo customer's past orders, all delivered by the demo driver and paid in cash at the door: groceries
 * two days ago (recent enough for any return), dinner from the Georgetown kitchen five days ago, and an
 * older grocery run.
 */
export const demoPastOrders: PastOrder[] = [
  {
    daysAgo: 10,
    placedAt: '17:45',
    source: 'warehouse',
    items: [
      { name: 'Classic White Bread', quantity: 1 },
      { name: 'Salted Butter', quantity: 1 },
      { name: 'Sharp Cheddar Cheese Block', quantity: 1 },
      { name: 'Roma Tomatoes', quantity: 4 },
      { name: 'Yellow Onions', quantity: 2 },
    ],
    tip: 300,
    driverNotes: '',
  },
  {
    daysAgo: 5,
    // Sundays the kitchen closes at 3 pm: lunch then, dinner other days.
    placedAt: (weekday) => (weekday === 0 ? '12:30' : '18:30'),
    source: 'kitchen',
    items: [
      { name: 'Beef Fajita Plate', quantity: 1 },
      { name: 'Cheese Enchiladas with Chili Gravy', quantity: 1 },
      { name: 'Queso Blanco & Chips', quantity: 1 },
      { name: 'Agua Fresca de Jamaica', quantity: 2 },
    ],
    tip: 500,
    driverNotes: '',
  },
  {
    daysAgo: 2,
    placedAt: '10:20',
    source: 'warehouse',
    items: [
      { name: 'Bananas', quantity: 1 },
      { name: 'Whole Milk', quantity: 2 },
      { name: 'Large Grade A Eggs', quantity: 1 },
      { name: 'Strawberries', quantity: 1 },
      { name: 'Hass Avocados', quantity: 3 },
    ],
    tip: 400,
    driverNotes: 'Please ring the bell.',
  },
];

/** Minutes after placing that each step happened: the store's moves, the driver taking it, leaving, arriving. */
const timeline: Record<PastOrder['source'], { confirmed: number; processing: number; ready: number; accepted: number; outForDelivery: number; delivered: number }> = {
  warehouse: { confirmed: 3, processing: 6, ready: 20, accepted: 22, outForDelivery: 25, delivered: 38 },
  kitchen: { confirmed: 2, processing: 4, ready: 30, accepted: 31, outForDelivery: 33, delivered: 44 },
};

// The confirmations of orders placed days ago are not sent now.
const noMail: Mailer = { name: 'none', send: async () => {}, verify: async () => {} };

/** A local time of `daysAgo` days before `now`, in `timeZone`, as an instant. */
function localTime(now: Date, timeZone: string, daysAgo: number, placedAt: PastOrder['placedAt']): Date {
  const today = new TZDate(now.getTime(), timeZone);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, 0, 0, 0, 0, timeZone);
  const [hours, minutes] = (typeof placedAt === 'string' ? placedAt : placedAt(day.getDay())).split(':').map(Number);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours!, minutes!, 0, 0, timeZone).getTime());
}

const after = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/**
 * Gives the demo customer a delivered order history, walked through the same use cases a real order
 * takes, each step at its time in the past: the customer fills the cart and places the order, the
 * warehouse's manager (or the kitchen) prepares it, the driver takes it, leaves and hands it over with
 * the customer's code. Stock leaves the shelf as placing takes it; the cart ends empty.
 */
export async function seedDemoOrderHistory(options: {
  db: Db;
  logger: Logger;
  people: DemoHistoryPeople;
  addressId: string;
  warehouse: { id: string; timeZone: string };
  kitchen: { id: string; timeZone: string; dishIdByName: ReadonlyMap<string, string> };
  productIdByName: ReadonlyMap<string, string>;
  now: Date;
}) {
  const { db, logger, people, warehouse, kitchen } = options;
  const payments = createPayOnDeliveryProvider();
  for (const past of demoPastOrders) {
    const fromKitchen = past.source === 'kitchen';
    const placedAt = localTime(options.now, fromKitchen ? kitchen.timeZone : warehouse.timeZone, past.daysAgo, past.placedAt);
    for (const { name, quantity } of past.items) {
      const item: CartItemInput = fromKitchen
        ? { itemType: 'cloud_kitchen', cloudKitchenProductId: kitchen.dishIdByName.get(name)!, quantity }
        : { itemType: 'product', productId: options.productIdByName.get(name)!, warehouseId: warehouse.id, quantity };
      await addCartItem({ db, viewer: people.customer, item });
    }
    const delivery = { kind: 'asap' as const };
    const quote = await quoteCheckout({ db, viewer: people.customer, input: { addressId: options.addressId, delivery, tip: past.tip }, cardEnabled: false, now: placedAt });
    if (quote.problems.length > 0) throw new Error(`A demo past order cannot be placed: ${quote.problems.map((problem) => problem.code).join(', ')}`);
    const placed = await placeOrder({
      db,
      viewer: people.customer,
      input: {
        addressId: options.addressId,
        delivery,
        tip: past.tip,
        paymentMethod: 'cash_on_delivery',
        driverNotes: past.driverNotes,
        substitutions: {},
        expectedTotal: quote.totals.totalAmount,
      },
      idempotencyKey: `demo-history-${past.daysAgo}`,
      payments,
      mailer: noMail,
      logger,
      now: placedAt,
    });
    const orderId = placed.orderId;
    const steps = timeline[past.source];
    const operator = fromKitchen ? people.kitchen : people.manager;
    const move = (viewer: Viewer, status: OrderStatus, minutes: number, deliveryCode?: string) =>
      changeOrderStatus({ db, viewer, orderId, status, note: '', deliveryCode, now: after(placedAt, minutes) });
    await move(operator, 'confirmed', steps.confirmed);
    await move(operator, 'processing', steps.processing);
    await move(operator, 'ready', steps.ready);
    await acceptDelivery({ db, viewer: people.driver, orderId, now: after(placedAt, steps.accepted) });
    await move(people.driver, 'out_for_delivery', steps.outForDelivery);
    const { deliveryCode } = await getOrder({ db, viewer: people.customer, orderId });
    await move(people.driver, 'delivered', steps.delivered, deliveryCode ?? undefined);
  }
}
