import { summarize } from '@/shared/money';
import { orderRefusals } from '@/shared/copy';
import type { CartLine } from '@/shared/contracts/cart';
import type { Address } from '@/shared/contracts/locations';
import {
  checkoutQuote,
  checkoutQuoteInput,
  defaultSubstitution,
  idempotencyKey,
  IDEMPOTENCY_HEADER,
  order as orderSchema,
  paymentConfig,
  placedOrder,
  placeOrderInput,
  type CheckoutLine,
  type CheckoutQuote,
  type DeliveryChoice,
  type DeliveryWindow,
  type Order,
  type PlacedOrder,
} from '@/shared/contracts/orders';
import { milesBetween } from '@/shared/delivery';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import { json, parse, Refusal, type FakeApi, type FakeRequest } from './fake-api';
import { testId, type FakeUser } from './fake-data';

/** What a test may change about checkout in the fake: the server-side facts the web cannot see. */
export interface CheckoutFakeState {
  /** Card payments configured (GET /api/payments/config). */
  cardEnabled: boolean;
  /** The unit price a cart line was added at, by line id; the line's current price when absent. */
  addedPrices: Map<string, number>;
  /** Cart line ids whose item is no longer sold. */
  withdrawn: Set<string>;
  /** Window starts (ISO, as the quote lists them) with no place left. */
  fullWindows: Set<string>;
  /** Places left in a window that is not full. */
  windowCapacity: number;
  /** The warehouse's pick time, in minutes. */
  pickMinutes: number;
}

const states = new WeakMap<FakeApi, CheckoutFakeState>();

/** The checkout fake's state of `api`, for a test to set up what the server would know. */
export function checkoutFake(api: FakeApi): CheckoutFakeState {
  const state = states.get(api);
  if (!state) throw new Error('installCheckoutFakes(api) was not called');
  return state;
}

const HOUR = 3_600_000;
const DELIVERY_HOURS = { warehouse: [8, 22], kitchen: [11, 21] } as const;

function localHour(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(at));
}

const savingsKind = { product: 'discounts', bundle: 'bundles', bogo: 'deals', cloud_kitchen: 'discounts' } as const;

/**
 * Checkout in the shared fake API: the quote (priced from the fake cart, so totals match the cart),
 * placing an order under an idempotency key (the orders fake answers it back), and the payment configuration.
 */
export function installCheckoutFakes(api: FakeApi): void {
  const state: CheckoutFakeState = { cardEnabled: false, addedPrices: new Map(), withdrawn: new Set(), fullWindows: new Set(), windowCapacity: 5, pickMinutes: 20 };
  states.set(api, state);
  const placedByKey = new Map<string, { digest: string; placed: PlacedOrder }>();
  let orderCount = 0;

  function addressOf(viewer: FakeUser, addressId: string | undefined): Address | null {
    if (!addressId) return null;
    const address = (api.data.addresses[viewer.id] ?? []).find((candidate) => candidate.id === addressId);
    if (!address) throw new Refusal(404, 'NOT_FOUND', 'Address not found.');
    return address;
  }

  function quote(viewer: FakeUser, input: { addressId?: string; delivery: DeliveryChoice; tip: number }): CheckoutQuote {
    const cart = api.cartOf(viewer);
    const address = addressOf(viewer, input.addressId);
    const lines: CheckoutLine[] = cart.items.map((line: CartLine) => {
      const addedUnitPrice = state.addedPrices.get(line.id) ?? line.unitPrice;
      const lineState = state.withdrawn.has(line.id) ? 'unavailable' : line.quantity > line.maxQuantity ? 'out_of_stock' : addedUnitPrice !== line.unitPrice ? 'repriced' : 'ok';
      return {
        lineId: line.id,
        itemType: line.itemType,
        name: line.name,
        detail: line.detail,
        image: line.image,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        originalPrice: line.originalPrice,
        addedUnitPrice,
        state: lineState,
        availableQuantity: state.withdrawn.has(line.id) ? 0 : Math.min(line.maxQuantity, line.quantity),
      };
    });
    const first = cart.items[0];
    const kitchen = first?.cloudKitchenId ? api.data.kitchens.find((candidate) => candidate.menu.kitchen.id === first.cloudKitchenId) : undefined;
    const warehouse = first ? api.data.warehouses.find((candidate) => candidate.id === first.warehouseId) : undefined;
    const point = kitchen ?? warehouse;
    const timeZone = warehouse?.state === 'NJ' && !kitchen ? 'America/New_York' : 'America/Chicago';
    const source = point
      ? {
          kind: kitchen ? ('kitchen' as const) : ('warehouse' as const),
          id: kitchen ? kitchen.menu.kitchen.id : warehouse!.id,
          name: kitchen ? kitchen.menu.kitchen.businessName : warehouse!.name,
          latitude: point.latitude,
          longitude: point.longitude,
          timeZone,
          distanceMiles: address?.latitude != null && address.longitude != null ? Math.round(milesBetween(point, { latitude: address.latitude, longitude: address.longitude }) * 10) / 10 : null,
        }
      : null;
    const range = kitchen ? DELIVERY_RANGE_MILES : (warehouse?.deliveryRadiusMiles ?? DELIVERY_RANGE_MILES);
    const serviceable = source !== null && address !== null && (source.distanceMiles === null || source.distanceMiles <= Math.min(range, DELIVERY_RANGE_MILES));

    const now = new Date();
    const travel = Math.max(10, Math.round(((source?.distanceMiles ?? 5) / 20) * 60));
    const lead = (kitchen ? kitchen.menu.kitchen.prepTimeMinutes : state.pickMinutes) + travel;
    const [opens, closes] = kitchen ? DELIVERY_HOURS.kitchen : DELIVERY_HOURS.warehouse;
    const kitchenOpen = kitchen ? kitchen.menu.kitchen.openNow : true;
    const windows: DeliveryWindow[] = [];
    const firstHour = Math.ceil(now.getTime() / HOUR) * HOUR;
    for (let start = firstHour; start < firstHour + 40 * HOUR; start += HOUR) {
      const hour = localHour(new Date(start), timeZone);
      if (hour < opens || hour >= closes) continue;
      const iso = new Date(start).toISOString();
      const full = state.fullWindows.has(iso);
      const tooSoon = start < now.getTime() + lead * 60_000;
      windows.push({ start: iso, end: new Date(start + HOUR).toISOString(), available: !full && !tooSoon, remaining: full ? 0 : state.windowCapacity });
    }
    const asapAvailable = kitchenOpen && localHour(now, timeZone) >= opens && localHour(now, timeZone) < closes;

    const orderable = lines.filter((line) => line.state === 'ok' || line.state === 'repriced');
    const deliveryFee = first ? (api.data.warehouses.find((candidate) => candidate.id === first.warehouseId)?.deliveryFee ?? 0) : 0;
    const summary = summarize(orderable, { deliveryFee, tip: input.tip });
    const savings = { discounts: 0, bundles: 0, deals: 0, total: 0 };
    for (const line of orderable) {
      const saved = (line.originalPrice - line.unitPrice) * line.quantity;
      savings[savingsKind[line.itemType]] += saved;
      savings.total += saved;
    }

    const problems: CheckoutQuote['problems'] = [];
    if (lines.length === 0) problems.push({ code: 'EMPTY_CART', message: orderRefusals.emptyCart });
    if (!address) problems.push({ code: 'NO_ADDRESS', message: orderRefusals.noAddress });
    else if (!serviceable) problems.push({ code: 'OUT_OF_AREA', message: orderRefusals.outsideServiceArea });
    if (input.delivery.kind === 'asap' && kitchen && !kitchenOpen) problems.push({ code: 'KITCHEN_CLOSED', message: orderRefusals.kitchenClosed });
    if (orderable.length < lines.length) problems.push({ code: 'LINES_UNAVAILABLE', message: orderRefusals.linesUnavailable });
    const delivery = input.delivery;
    if (delivery.kind === 'window') {
      const chosen = windows.find((window) => window.start === new Date(delivery.start).toISOString());
      if (!chosen?.available) problems.push({ code: 'WINDOW_UNAVAILABLE', message: chosen?.remaining === 0 ? orderRefusals.windowFull : orderRefusals.windowPast });
    }

    return checkoutQuote.parse({
      kind: cart.kind,
      lines,
      source,
      address: address
        ? { id: address.id, label: address.label, streetAddress: address.streetAddress, unit: address.unit, city: address.city, state: address.state, zipCode: address.zipCode, deliveryInstructions: address.deliveryInstructions }
        : null,
      serviceable,
      delivery: {
        asap: { available: asapAvailable, minutes: asapAvailable ? lead : null, estimatedAt: asapAvailable ? new Date(now.getTime() + lead * 60_000).toISOString() : null },
        windows,
        timeZone,
      },
      totals: { ...summary, savings },
      paymentMethods: state.cardEnabled ? ['cash_on_delivery', 'card'] : ['cash_on_delivery'],
      problems,
    });
  }

  function placeOrder(request: FakeRequest): Response {
    const viewer = api.customerOrRefuse();
    const key = parse(idempotencyKey, request.headers.get(IDEMPOTENCY_HEADER) ?? undefined);
    const input = parse(placeOrderInput, request.body);
    const cart = api.cartOf(viewer);
    const digest = JSON.stringify([input, cart.items.map((line) => [line.id, line.quantity])]);
    const earlier = placedByKey.get(`${viewer.id}:${key}`);
    if (earlier) {
      if (earlier.digest !== digest && cart.items.length > 0) throw new Refusal(409, 'IDEMPOTENCY_KEY_REUSED', orderRefusals.idempotencyReused);
      return json({ ...earlier.placed, replayed: true });
    }

    const priced = quote(viewer, input);
    const refuse = (code: string, message: string, status = 409, fields?: Record<string, string>) => new Refusal(status, code, message, fields);
    if (priced.lines.length === 0) throw refuse('EMPTY_CART', orderRefusals.emptyCart, 400);
    const bad = priced.lines.filter((line) => line.state === 'out_of_stock' || line.state === 'unavailable');
    if (bad.length > 0) throw refuse('LINES_UNAVAILABLE', orderRefusals.linesUnavailable, 409, Object.fromEntries(bad.map((line) => [`lines.${line.lineId}`, `${line.name} is not available.`])));
    if (!priced.serviceable) throw refuse('OUT_OF_AREA', orderRefusals.outsideServiceArea, 409, { addressId: orderRefusals.outsideServiceArea });
    if (priced.problems.some((problem) => problem.code === 'KITCHEN_CLOSED')) throw refuse('KITCHEN_CLOSED', orderRefusals.kitchenClosed);
    const windowProblem = priced.problems.find((problem) => problem.code === 'WINDOW_UNAVAILABLE');
    if (windowProblem) throw refuse(windowProblem.message === orderRefusals.windowFull ? 'WINDOW_FULL' : 'WINDOW_UNAVAILABLE', windowProblem.message);
    if (input.paymentMethod === 'card' && !state.cardEnabled) throw refuse('CARD_UNAVAILABLE', orderRefusals.cardUnavailable);
    if (priced.totals.totalAmount !== input.expectedTotal) throw refuse('TOTAL_CHANGED', orderRefusals.totalChanged);

    orderCount += 1;
    const id = testId(13, orderCount);
    const now = new Date();
    const window = input.delivery.kind === 'window' ? priced.delivery.windows.find((candidate) => candidate.start === new Date((input.delivery as { start: string }).start).toISOString()) : undefined;
    const estimatedAt = window ? window.end : (priced.delivery.asap.estimatedAt ?? now.toISOString());
    const source = priced.source!;
    const address = addressOf(viewer, input.addressId)!;
    const placed: Order = orderSchema.parse({
      id,
      orderNumber: `FC-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${String(orderCount).padStart(4, 'Q')}`,
      type: priced.kind ?? 'grocery',
      status: 'placed',
      returnable: false,
      returnableAfterReview: false,
      partlyRefunded: false,
      totalAmount: priced.totals.totalAmount,
      placedAt: now.toISOString(),
      itemCount: priced.lines.reduce((total, line) => total + line.quantity, 0),
      sourceName: source.name,
      cloudKitchenId: source.kind === 'kitchen' ? source.id : null,
      warehouseId: cart.items[0]!.warehouseId,
      source: { kind: source.kind, id: source.id, name: source.name, latitude: source.latitude, longitude: source.longitude, timeZone: source.timeZone },
      address: {
        label: address.label,
        streetAddress: address.streetAddress,
        unit: address.unit,
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
        deliveryInstructions: address.deliveryInstructions,
        latitude: address.latitude,
        longitude: address.longitude,
      },
      delivery: { kind: input.delivery.kind, windowStart: window?.start ?? null, windowEnd: window?.end ?? null, estimatedAt },
      totals: priced.totals,
      payment: {
        method: input.paymentMethod,
        status: input.paymentMethod === 'card' ? 'pending' : 'due_on_delivery',
        refundedAmount: 0,
        clientSecret: input.paymentMethod === 'card' ? `pi_fake_${orderCount}_secret_fake` : null,
      },
      driverNotes: input.driverNotes,
      deliveryCode: String(4821 + orderCount).slice(-4),
      proofOfDeliveryNote: '',
      driver: null,
      lines: priced.lines.map((line, index) => {
        const stored = cart.items.find((candidate) => candidate.id === line.lineId)!;
        return {
          id: testId(14, orderCount * 100 + index),
          itemType: line.itemType,
          productId: stored.productId,
          bundleId: stored.bundleId,
          bogoOfferId: stored.bogoOfferId,
          cloudKitchenProductId: stored.cloudKitchenProductId,
          name: line.name,
          detail: line.detail,
          image: line.image,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          originalPrice: line.originalPrice,
          substitution: line.itemType === 'cloud_kitchen' ? null : (input.substitutions[line.lineId] ?? defaultSubstitution(line.itemType)),
          refundedQuantity: 0,
          fulfilment: { status: 'as_ordered', quantity: 0, substitute: null },
          rating: null,
        };
      }),
      events: [{ id: String(orderCount), status: 'placed', at: now.toISOString(), actor: 'customer', note: '' }],
      refunds: [],
      returnRequests: [],
      refundableAmount: 0,
      actions: { cancel: true, reorder: true, requestReturn: false, rate: false, transitions: ['cancelled'], assignDriver: false },
      timeZone: priced.delivery.timeZone,
    });
    api.data.orders.push(placed);
    api.emptyCart(viewer);
    const answer = placedOrder.parse({
      orderId: id,
      orderNumber: placed.orderNumber,
      status: placed.status,
      totalAmount: placed.totalAmount,
      estimatedAt,
      paymentMethod: input.paymentMethod,
      paymentClientSecret: placed.payment.clientSecret,
      replayed: false,
    });
    placedByKey.set(`${viewer.id}:${key}`, { digest, placed: answer });
    return json(answer, 201);
  }

  api.define('POST /api/checkout/quote', ({ body }) => quote(api.customerOrRefuse(), parse(checkoutQuoteInput, body ?? {})));
  api.define('POST /api/orders', placeOrder);
  api.define('GET /api/payments/config', () => paymentConfig.parse({ card: state.cardEnabled, publishableKey: state.cardEnabled ? 'pk_test_fake' : null }));
}
