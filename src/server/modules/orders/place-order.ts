import { randomUUID } from 'node:crypto';
import { refOf } from '@/shared/cart-rules';
import { addressLine } from '@/shared/contracts/locations';
import { defaultSubstitution, substitutionChoices, type PlacedOrder } from '@/shared/contracts/orders';
import { cartRefusals, orderConfirmationEmail, orderRefusals, paymentCopy, stockRefusal } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mail';
import type { PaymentProvider } from '../../providers/payments';
import { cartOwner, takeCart } from '../cart/cart-access';
import { findOwnAddress } from '../locations/address-access';
import { reserveStock, type StockItem } from '../catalog/stock';
import { attachCardIntent, createPayment, paymentOf, setPaymentStatus } from '../payments/payment-records';
import { cancelUnpaidOrder } from './cancel-unpaid-order';
import { planCheckout, type CheckoutPlan, type PlannedLine } from './checkout-plan';
import type { ChosenDelivery, DeliveryRefusal } from './delivery-windows';
import { newDeliveryCode } from './order-number';
import { findOrderByKey, insertOrder, type KeyedOrder } from './order-writes';
import { requestDigest, sameRequest, type PlaceOrderValues } from './request-digest';
import { bookSlot } from './slots';

export interface PlaceOrderOptions {
  db: Db;
  viewer: Viewer | undefined;
  input: PlaceOrderValues;
  /** The client's key for this placement: a repeat answers the same order. */
  idempotencyKey: string;
  payments: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  /** When the order is placed: now, unless a seeded history places it in the past. */
  now?: Date;
}

/** What the confirmation email is written from, once the order is committed. */
interface Confirmation {
  to: string;
  orderNumber: string;
  plan: CheckoutPlan;
  chosen: ChosenDelivery & { ok: true };
  paymentMethod: PlaceOrderValues['paymentMethod'];
}

type Outcome = { kind: 'replay'; order: KeyedOrder } | { kind: 'placed'; order: PlacedOrder; confirmation: Confirmation };

/** The key has placed an order already (found when writing the order): the transaction rolls back. */
class KeyTaken extends Error {
  constructor() {
    super('This idempotency key has placed an order already');
  }
}

/** What a placement asked for, known once its cart is read: how to tell a repeat from a new request. */
interface Asked {
  digest?: string;
  cartEmpty?: boolean;
}

const conflict = (code: string, message: string, fields?: Record<string, string>) => new AppError({ kind: 'CONFLICT', code, message, fields });

const deliveryMessages: Record<DeliveryRefusal, string> = {
  KITCHEN_CLOSED: orderRefusals.kitchenClosed,
  WINDOW_FULL: orderRefusals.windowFull,
  WINDOW_UNAVAILABLE: orderRefusals.windowPast,
};

function lineRefusal(line: PlannedLine['line']): string {
  return line.state === 'out_of_stock' ? stockRefusal(line.availableQuantity) : cartRefusals.unavailable;
}

function linesUnavailable(fields: Record<string, string>) {
  return conflict('LINES_UNAVAILABLE', orderRefusals.linesUnavailable, fields);
}

/** Every reason the plan gives not to place the order, as the refusal the customer sees; nothing is written yet. */
function refuseProblems(plan: CheckoutPlan, input: PlaceOrderValues) {
  const missing = plan.lines.filter(({ line }) => line.state === 'unavailable' || line.state === 'out_of_stock');
  if (missing.length > 0 || !plan.source) {
    throw linesUnavailable(Object.fromEntries(missing.map(({ line }) => [`lines.${line.lineId}`, lineRefusal(line)])));
  }
  if (!plan.serviceable) throw conflict('OUT_OF_AREA', orderRefusals.outsideServiceArea, { addressId: orderRefusals.outsideServiceArea });
  if (plan.chosen && !plan.chosen.ok) {
    const message = deliveryMessages[plan.chosen.refusal];
    throw conflict(plan.chosen.refusal, message, { delivery: message });
  }
  const unreplaceable = plan.lines.filter(({ stored }) => stored.itemType !== 'cloud_kitchen' && input.substitutions[stored.id] === 'replace' && !substitutionChoices(stored.itemType).includes('replace'));
  if (unreplaceable.length > 0) {
    throw new AppError({
      kind: 'VALIDATION_FAILED',
      message: orderRefusals.onlyProductsReplaced,
      fields: Object.fromEntries(unreplaceable.map(({ stored }) => [`substitutions.${stored.id}`, orderRefusals.onlyProductsReplaced])),
    });
  }
  if (plan.totals.totalAmount !== input.expectedTotal) {
    throw conflict('TOTAL_CHANGED', orderRefusals.totalChanged, { expectedTotal: orderRefusals.totalChanged });
  }
}

// Building a formatter costs far more than using one: one set per time zone.
const formatters = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; shortTime: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
      shortTime: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

function estimateText(plan: CheckoutPlan, chosen: { estimatedAt: Date; windowStart: Date | null }): string {
  const { day, time, shortTime } = formattersFor(plan.delivery?.timeZone ?? 'UTC');
  if (chosen.windowStart) return `${day.format(chosen.windowStart)}, ${shortTime.format(chosen.windowStart)} – ${time.format(chosen.estimatedAt)}`;
  return `${day.format(chosen.estimatedAt)}, ${time.format(chosen.estimatedAt)}`;
}

/** Everything placing writes, in one transaction: any refusal or failure leaves nothing behind. */
async function placeInTransaction(tx: Db, options: PlaceOrderOptions, viewer: Viewer, asked: Asked): Promise<Outcome> {
  const { input } = options;
  // The cart's lock serialises one customer's placements. The lines are taken (the cart emptied) at
  // once: any refusal below rolls back and puts them back.
  const taking = takeCart(tx, viewer.profileId);
  // Asked for with the cart, in the same round trip; any refusal waits until the request is known.
  const addressRead = findOwnAddress(tx, viewer, input.addressId);
  addressRead.catch(() => undefined);
  const { lines: stored } = await taking;
  const digest = requestDigest(input, stored);
  asked.digest = digest;
  asked.cartEmpty = stored.length === 0;
  // Another customer's address answers as one that does not exist, whatever the cart holds.
  const address = await addressRead;
  if (stored.length === 0) throw new AppError({ kind: 'VALIDATION_FAILED', code: 'EMPTY_CART', message: orderRefusals.emptyCart });
  if (input.paymentMethod === 'card' && !options.payments.cardEnabled) {
    throw conflict('CARD_UNAVAILABLE', orderRefusals.cardUnavailable, { paymentMethod: orderRefusals.cardUnavailable });
  }

  const plan = await planCheckout(tx, {
    lines: stored,
    address,
    delivery: input.delivery,
    tip: input.tip,
    cardEnabled: options.payments.cardEnabled,
    now: options.now ?? new Date(),
    countBookings: false,
  });
  refuseProblems(plan, input);
  const source = plan.source!;
  const chosen = plan.chosen!;
  if (!chosen.ok) throw new AppError({ kind: 'INTERNAL', message: 'Unplanned delivery' });

  const { totals } = plan;
  // The order, its payment, its stock and its place in the delivery hour go out together, in one
  // write and one wait (ADR 063): the payment names the order by the id chosen here, checked at commit.
  const orderId = randomUUID();
  const ordering = insertOrder(
    tx,
    {
      id: orderId,
      customerProfileId: viewer.profileId,
      type: source.kind === 'kitchen' ? 'cloud_kitchen' : 'grocery',
      warehouseId: source.warehouseId,
      cloudKitchenId: source.kitchenId,
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
      distanceMiles: plan.distanceMiles,
      windowStart: chosen.windowStart,
      windowEnd: chosen.windowEnd,
      estimatedDeliveryAt: chosen.estimatedAt,
      bookedSlotStart: chosen.slotStart,
      subtotal: totals.subtotal,
      discountSavings: totals.savings.discounts,
      bundleSavings: totals.savings.bundles,
      dealSavings: totals.savings.deals,
      serviceFee: totals.serviceFee,
      deliveryFee: totals.deliveryFee,
      taxAmount: totals.taxAmount,
      tip: totals.tip,
      totalAmount: totals.totalAmount,
      paymentMethod: input.paymentMethod,
      driverNotes: input.driverNotes,
      deliveryCode: newDeliveryCode(),
      idempotencyKey: options.idempotencyKey,
      requestDigest: digest,
    },
    plan.kept.map(({ stored: line, line: shown }) => ({
      itemType: line.itemType,
      productId: line.productId,
      bundleId: line.bundleId,
      bogoOfferId: line.bogoOfferId,
      cloudKitchenProductId: line.cloudKitchenProductId,
      name: shown.name,
      detail: shown.detail,
      image: shown.image,
      quantity: line.quantity,
      unitPrice: shown.unitPrice,
      originalPrice: shown.originalPrice,
      substitution: line.itemType === 'cloud_kitchen' ? null : (input.substitutions[line.id] ?? defaultSubstitution(line.itemType)),
    })),
    viewer,
    source.timeZone,
    options.now,
  );
  const paying = createPayment(tx, { orderId, method: input.paymentMethod, amount: totals.totalAmount });
  // The places everyone contends for are taken last, so their row locks are held only until the commit
  // that follows the answers; a refusal below rolls back everything above.
  const groceries = plan.kept.filter(({ stored: line }) => line.itemType !== 'cloud_kitchen');
  const stocking = reserveStock(tx, {
    warehouseId: source.warehouseId,
    items: groceries.map(({ stored: line }) => ({ itemType: line.itemType as StockItem['itemType'], ref: refOf(line), quantity: line.quantity })),
  });
  // Every placement of this warehouse's (or kitchen's) hour waits here: the hottest row, taken last.
  const booking = bookSlot(tx, { resourceId: source.resourceId, slotStart: chosen.slotStart, capacity: source.capacity });
  const [order, , { shortItems }, booked] = await Promise.all([ordering, paying, stocking, booking]);
  if (!order) throw new KeyTaken();
  if (shortItems.length > 0) {
    throw linesUnavailable(Object.fromEntries(shortItems.map((index) => [`lines.${groceries[index]!.line.lineId}`, cartRefusals.outOfStock])));
  }
  if (!booked) throw conflict('WINDOW_FULL', orderRefusals.windowFull, { delivery: orderRefusals.windowFull });

  return {
    kind: 'placed',
    order: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: 'placed',
      totalAmount: totals.totalAmount,
      estimatedAt: chosen.estimatedAt.toISOString(),
      paymentMethod: input.paymentMethod,
      paymentClientSecret: null,
      replayed: false,
    },
    confirmation: { to: viewer.email, orderNumber: order.orderNumber, plan, chosen, paymentMethod: input.paymentMethod },
  };
}

/**
 * Asks the provider for the card payment of a committed order and keeps its secret. When that fails,
 * the order cannot be paid: it is cancelled as the system, giving back its stock and its place.
 */
async function takeCardIntent(options: PlaceOrderOptions, order: { orderId: string; orderNumber: string; totalAmount: number }): Promise<string> {
  try {
    const intent = await options.payments.createIntent({
      amount: order.totalAmount,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      idempotencyKey: `order-${order.orderId}`,
    });
    await attachCardIntent(options.db, { orderId: order.orderId, providerRef: intent.id, clientSecret: intent.clientSecret });
    return intent.clientSecret;
  } catch (error) {
    options.logger.warn({ ...errorEntry(error), orderId: order.orderId }, 'card payment could not be created; cancelling the order');
    await options.db.transaction(async (tx) => {
      if (!(await cancelUnpaidOrder(tx, { orderId: order.orderId, note: paymentCopy.configurationIssue }))) return;
      await setPaymentStatus(tx, { orderId: order.orderId, status: 'cancelled' });
    });
    throw new AppError({ kind: 'UNAVAILABLE', code: 'PAYMENT_UNAVAILABLE', message: paymentCopy.configurationIssue });
  }
}

function confirmationEmail({ orderNumber, plan, chosen, paymentMethod }: Confirmation) {
  const address = plan.address!;
  return orderConfirmationEmail({
    orderNumber,
    lines: plan.kept.map(({ line }) => ({ name: line.name, quantity: line.quantity, amount: line.unitPrice * line.quantity })),
    totalAmount: plan.totals.totalAmount,
    estimate: estimateText(plan, chosen),
    address: addressLine(address),
    paymentMethod,
  });
}

/**
 * Writes and sends the confirmation after the commit (never while the order's locks are held),
 * without waiting for the mail server; a failure is logged, the order stands.
 */
function sendConfirmation(options: PlaceOrderOptions, confirmation: Confirmation): void {
  void (async () => options.mailer.send({ to: confirmation.to, ...confirmationEmail(confirmation) }))().catch((error: unknown) => {
    options.logger.warn(errorEntry(error), 'order confirmation email failed');
  });
}

/**
 * Whether a placement that failed with `error` was a repeat of an order this key placed: then it
 * answers that order, or refuses a different request under the same key. A key is looked up only
 * when a placement does not go through (an emptied cart, any refusal, or the order's key already
 * written), after its transaction rolled back: the cart's lock had made it wait for any rival
 * placement of this customer to commit, so that rival's order is there to be found.
 */
async function repeatedOrder(options: PlaceOrderOptions, viewer: Viewer, asked: Asked, error: unknown): Promise<KeyedOrder | null> {
  const refused = error instanceof KeyTaken || (error instanceof AppError && error.status < 500);
  if (!refused || asked.digest === undefined) return null;
  const existing = await findOrderByKey(options.db, { customerProfileId: viewer.profileId, idempotencyKey: options.idempotencyKey });
  if (!existing) {
    if (error instanceof KeyTaken) throw new AppError({ kind: 'INTERNAL', message: 'The order key was taken and then not found' });
    return null;
  }
  if (!sameRequest({ stored: existing.requestDigest, digest: asked.digest, cartEmpty: asked.cartEmpty ?? false })) {
    throw conflict('IDEMPOTENCY_KEY_REUSED', orderRefusals.idempotencyReused);
  }
  return existing;
}

/**
 * Places the customer's cart as an order (issue 10, "Placing an order"): re-priced, checked, its stock
 * and delivery place taken, written with its lines, payment and first event, and the cart emptied, in
 * one transaction. The same key again answers the same order.
 */
export async function placeOrder(options: PlaceOrderOptions): Promise<PlacedOrder> {
  cartOwner(options.viewer);
  const viewer = options.viewer!;
  const asked: Asked = {};
  const outcome = await options.db.transaction((tx) => placeInTransaction(tx, options, viewer, asked)).catch(async (error: unknown): Promise<Outcome> => {
    const order = await repeatedOrder(options, viewer, asked, error);
    if (!order) throw error;
    return { kind: 'replay', order };
  });

  if (outcome.kind === 'replay') {
    const { order } = outcome;
    let secret: string | null = null;
    if (order.paymentMethod === 'card' && order.status === 'placed') {
      const payment = await paymentOf(options.db, order.id);
      // A retry that arrives before the first request attached the intent asks for the same one (same key).
      secret = payment?.clientSecret ?? (payment?.status === 'pending' ? await takeCardIntent(options, { ...order, orderId: order.id }) : null);
    }
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      totalAmount: order.totalAmount,
      estimatedAt: new Date(order.estimatedAt).toISOString(),
      paymentMethod: order.paymentMethod,
      paymentClientSecret: secret,
      replayed: true,
    };
  }

  const placed = outcome.order;
  if (placed.paymentMethod === 'card') placed.paymentClientSecret = await takeCardIntent(options, placed);
  sendConfirmation(options, outcome.confirmation);
  return placed;
}
