import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CartItemType } from '@/shared/contracts/cart';
import type { PaymentMethod, PaymentStatus, SubstitutionPreference } from '@/shared/contracts/orders';
import type { OrderStatus, OrderType } from '@/shared/order-status';
import type { Role } from '@/shared/roles';
import type { Db } from '../db/client';
import { assignWarehouseStaff, createAccount } from '../db/seed/factories';
import { cloudKitchens } from '../modules/kitchens/kitchens.tables';
import { reserveStock } from '../modules/catalog/stock';
import { recordOrderEvent } from '../modules/orders/order-events';
import { orderItems, orders } from '../modules/orders/orders.tables';
import { bookSlot } from '../modules/orders/slots';
import { createPayment, setPaymentStatus } from '../modules/payments/payment-records';
import type { CatalogFixture } from './catalog-fixture';
import { signIn, testPassword, uniqueEmail, type TestApp, type TestClient } from './test-app';

export interface FixtureLine {
  itemType: CartItemType;
  productId?: string | null;
  bundleId?: string | null;
  bogoOfferId?: string | null;
  cloudKitchenProductId?: string | null;
  name?: string;
  quantity: number;
  unitPrice: number;
  originalPrice?: number;
  substitution?: SubstitutionPreference | null;
}

export interface FixtureOrder {
  customerProfileId: string;
  type?: OrderType;
  warehouseId: string;
  cloudKitchenId?: string | null;
  /** One line of two bananas at $5.00 when left out. */
  lines?: FixtureLine[];
  paymentMethod?: PaymentMethod;
  /** Where the payment stands after placement; a card payment is pending until the provider confirms it. */
  paymentStatus?: PaymentStatus;
  /** Walk the order through the status machine to here, one recorded event per step. */
  status?: OrderStatus;
  driverProfileId?: string | null;
  deliveryCode?: string;
  tip?: number;
  deliveryFee?: number;
  /** Take the groceries off the warehouse's shelves, as placement does. */
  reserve?: boolean;
  /** Hold a place in this delivery hour of the warehouse (or the kitchen). */
  slot?: { start: Date; capacity: number };
  placedAt?: Date;
}

export interface CreatedOrder {
  id: string;
  orderNumber: string;
  deliveryCode: string;
  totalAmount: number;
  lineIds: string[];
}

const pathTo: Record<OrderStatus, OrderStatus[]> = {
  placed: [],
  confirmed: ['confirmed'],
  processing: ['confirmed', 'processing'],
  ready: ['confirmed', 'processing', 'ready'],
  out_for_delivery: ['confirmed', 'processing', 'ready', 'out_for_delivery'],
  delivered: ['confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered'],
  cancelled: ['cancelled'],
  refund_requested: ['confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered', 'refund_requested'],
  refunded: ['confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered', 'refund_requested', 'refunded'],
  refund_rejected: ['confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered', 'refund_requested', 'refund_rejected'],
};

const defaultLines: FixtureLine[] = [{ itemType: 'product', name: 'Bananas', quantity: 2, unitPrice: 500 }];

/** One status change as the lifecycle makes it, inside the caller's transaction: the row (and its driver, when given) and its event. */
function stepOrder(tx: Db, options: { orderId: string; status: OrderStatus; driverProfileId?: string; note?: string }) {
  return tx
    .update(orders)
    .set({ status: options.status, ...(options.driverProfileId ? { driverProfileId: options.driverProfileId } : {}), updatedAt: new Date() })
    .where(eq(orders.id, options.orderId))
    .then(() => recordOrderEvent(tx, { orderId: options.orderId, status: options.status, actor: 'system', note: options.note ?? '' }));
}

/** Moves an order to `status` as the system, in one transaction, as a change made elsewhere would; answers the event. */
export function moveTestOrder(db: Db, orderId: string, status: OrderStatus, driverProfileId?: string, note = '') {
  return db.transaction((tx) => stepOrder(tx, { orderId, status, driverProfileId, note }));
}

/**
 * Inserts an order the way placement writes one, in one transaction: the order with its totals, its
 * line snapshots, its first event and its payment; optionally the stock and the delivery hour it holds.
 * With `status`, the order is then moved step by step (as system events) to where a test needs it.
 */
export async function createOrder(db: Db, spec: FixtureOrder): Promise<CreatedOrder> {
  const lines = spec.lines ?? defaultLines;
  const type = spec.type ?? (spec.cloudKitchenId ? 'cloud_kitchen' : 'grocery');
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const serviceFee = Math.round(subtotal * 0.02);
  const taxAmount = Math.round(subtotal * 0.0825);
  const deliveryFee = spec.deliveryFee ?? 0;
  const tip = spec.tip ?? 0;
  const totalAmount = subtotal + serviceFee + taxAmount + deliveryFee + tip;
  const deliveryCode = spec.deliveryCode ?? String(1000 + Math.floor(Math.random() * 9000));
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const placedAt = spec.placedAt ?? new Date();
  const day = placedAt.toISOString().slice(0, 10).replaceAll('-', '');
  const paymentMethod = spec.paymentMethod ?? 'cash_on_delivery';
  const steps = pathTo[spec.status ?? 'placed'];

  return db.transaction(async (tx) => {
    if (spec.reserve && type === 'grocery') {
      const items = lines.flatMap((line) => {
        const ref = line.bogoOfferId ?? line.bundleId ?? line.productId;
        return ref && line.itemType !== 'cloud_kitchen' ? [{ itemType: line.itemType as 'product' | 'bundle' | 'bogo', ref, quantity: line.quantity }] : [];
      });
      const { shortItems } = await reserveStock(tx, { warehouseId: spec.warehouseId, items });
      if (shortItems.length > 0) throw new Error(`The fixture order is short of stock: lines ${shortItems.join(', ')}`);
    }
    if (spec.slot) {
      const booked = await bookSlot(tx, { resourceId: spec.cloudKitchenId ?? spec.warehouseId, slotStart: spec.slot.start, capacity: spec.slot.capacity });
      if (!booked) throw new Error('The fixture order found its delivery hour full');
    }
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: `FC-${day}-${suffix}`,
        customerProfileId: spec.customerProfileId,
        type,
        warehouseId: spec.warehouseId,
        cloudKitchenId: spec.cloudKitchenId ?? null,
        driverProfileId: spec.driverProfileId ?? null,
        addressLabel: 'Home',
        streetAddress: '1 Test Way',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.27,
        longitude: -97.74,
        distanceMiles: 1.2,
        estimatedDeliveryAt: new Date(placedAt.getTime() + 45 * 60_000),
        bookedSlotStart: spec.slot?.start ?? null,
        subtotal,
        serviceFee,
        deliveryFee,
        taxAmount,
        tip,
        totalAmount,
        paymentMethod,
        deliveryCode,
        idempotencyKey: `fixture-${suffix}-${randomBytes(4).toString('hex')}`,
        requestDigest: 'fixture',
        placedAt,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const inserted = await tx
      .insert(orderItems)
      .values(
        lines.map((line, position) => ({
          orderId: order!.id,
          position,
          itemType: line.itemType,
          productId: line.productId ?? null,
          bundleId: line.bundleId ?? null,
          bogoOfferId: line.bogoOfferId ?? null,
          cloudKitchenProductId: line.cloudKitchenProductId ?? null,
          name: line.name ?? `Item ${position + 1}`,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          originalPrice: line.originalPrice ?? line.unitPrice,
          substitution: line.itemType === 'cloud_kitchen' ? null : (line.substitution ?? 'replace'),
        })),
      )
      .returning({ id: orderItems.id, position: orderItems.position });
    await recordOrderEvent(tx, { orderId: order!.id, status: 'placed', actor: 'system', note: '' });
    await createPayment(tx, { orderId: order!.id, method: paymentMethod, amount: totalAmount });
    if (spec.paymentStatus) await setPaymentStatus(tx, { orderId: order!.id, status: spec.paymentStatus });

    for (const status of steps) {
      if (status === 'out_for_delivery' && !spec.driverProfileId) throw new Error('An order out for delivery needs driverProfileId');
      await stepOrder(tx, { orderId: order!.id, status });
      // Cash is collected at the door.
      if (status === 'delivered' && paymentMethod === 'cash_on_delivery') await setPaymentStatus(tx, { orderId: order!.id, status: 'paid' });
    }
    return {
      id: order!.id,
      orderNumber: order!.orderNumber,
      deliveryCode,
      totalAmount,
      lineIds: inserted.sort((a, b) => a.position - b.position).map((line) => line.id),
    };
  });
}

export interface Person {
  profileId: string;
  email: string;
  role: Role;
  client: TestClient;
}

/** A signed-in person of a role, with a browser of their own. */
export async function signedInPerson(t: TestApp, options: { role: Role; firstName?: string; lastName?: string; warehouseIds?: string[] }): Promise<Person> {
  const email = uniqueEmail(options.role);
  const { profile } = await createAccount({
    db: t.database.db,
    auth: t.deps.auth,
    account: { email, password: testPassword, firstName: options.firstName ?? 'Pat', lastName: options.lastName ?? 'Tester', role: options.role },
  });
  if (options.warehouseIds && (options.role === 'manager' || options.role === 'driver')) {
    await assignWarehouseStaff({ db: t.database.db, profileId: profile.id, role: options.role, warehouseIds: options.warehouseIds });
  }
  const client = t.client();
  const response = await signIn(client, email);
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return { profileId: profile.id, email, role: options.role, client };
}

/**
 * Everyone an order concerns, and someone of each kind it does not: two customers, the Austin
 * warehouse's manager and two of its drivers, Jersey City's manager, the catalog's kitchen owner and
 * another kitchen owner, support and an admin.
 */
export async function createOrderPeople(t: TestApp, f: CatalogFixture) {
  const austin = [f.warehouses.austin.id];
  // The catalog's kitchen passes to an owner signed in here, so tests act as the one who runs it.
  const kitchenOwner = await signedInPerson(t, { role: 'cloud_kitchen', firstName: 'Kit' });
  await t.database.db.update(cloudKitchens).set({ profileId: kitchenOwner.profileId }).where(eq(cloudKitchens.id, f.kitchenId));
  return {
    customer: await signedInPerson(t, { role: 'customer', firstName: 'Ann', lastName: 'baker' }),
    otherCustomer: await signedInPerson(t, { role: 'customer', firstName: 'Bo', lastName: 'Chen' }),
    manager: await signedInPerson(t, { role: 'manager', warehouseIds: austin }),
    otherManager: await signedInPerson(t, { role: 'manager', warehouseIds: [f.warehouses.jersey.id] }),
    driver: await signedInPerson(t, { role: 'driver', firstName: 'Dee', warehouseIds: austin }),
    otherDriver: await signedInPerson(t, { role: 'driver', firstName: 'Eli', warehouseIds: austin }),
    kitchenOwner,
    otherKitchenOwner: await signedInPerson(t, { role: 'cloud_kitchen' }),
    support: await signedInPerson(t, { role: 'support' }),
    admin: await signedInPerson(t, { role: 'admin' }),
  };
}

export type OrderPeople = Awaited<ReturnType<typeof createOrderPeople>>;
