import { cartKind, lineInput } from '@/shared/cart-rules';
import type { Address } from '@/shared/contracts/locations';
import type { CheckoutLine, CheckoutQuote, DeliveryChoice, PaymentMethod, Savings } from '@/shared/contracts/orders';
import { copy, orderRefusals } from '@/shared/copy';
import { milesBetween } from '@/shared/delivery';
import { coordinatesOf, DELIVERY_RANGE_MILES } from '@/shared/locations';
import { summarize, type CartSummary } from '@/shared/money';
import type { Db } from '../../db/client';
import type { StoredLine } from '../cart/cart-access';
import { describeLines, type DescribeRequest, type KnownWarehouses, type LineDetails } from '../cart/describe-lines';
import { getKitchenSchedule } from '../kitchens/get-kitchen-schedule';
import { getDeliveryWarehouse, type DeliveryWarehouse } from '../locations/get-delivery-warehouse';
import { bookingRange, chooseDelivery, planDelivery, type ChosenDelivery, type DeliveryPlan, type SourceHours } from './delivery-windows';
import { bookedSlots } from './slots';

/**
 * What an order would be if placed now: the cart's lines re-priced and checked against the stock, the
 * source and its distance to the address, the delivery times and the totals. The quote shows it; the
 * placement re-plans inside its transaction and refuses on any problem, so both price the same input
 * the same way.
 */

export interface PlannedLine {
  stored: StoredLine;
  line: CheckoutLine;
  details: LineDetails | null;
}

/** Where the order comes from and how it is delivered. */
export interface CheckoutSource {
  kind: 'warehouse' | 'kitchen';
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  state: string;
  timeZone: string;
  hours: SourceHours;
  capacity: number;
  preparationMinutes: number;
  /** The farthest it delivers, in miles. */
  rangeMiles: number;
  deliveryFee: number;
  /** The fulfilling warehouse: the kitchen-default one for dishes. */
  warehouseId: string;
  kitchenId: string | null;
  /** Whose delivery hours an order books: the kitchen's for dishes, else the warehouse's. */
  resourceId: string;
}

export interface CheckoutPlan {
  quote: CheckoutQuote;
  lines: PlannedLine[];
  /** The lines the totals count: neither unavailable nor out of stock. */
  kept: PlannedLine[];
  source: CheckoutSource | null;
  address: Address | null;
  distanceMiles: number | null;
  serviceable: boolean;
  delivery: DeliveryPlan | null;
  chosen: ChosenDelivery | null;
  totals: CartSummary & { savings: Savings };
}

export interface PlanOptions {
  lines: readonly StoredLine[];
  /** The customer's own address (findOwnAddress), or null when they chose none. */
  address: Address | null;
  delivery: DeliveryChoice;
  tip: number;
  cardEnabled: boolean;
  now: Date;
  /** Read the booked places (a quote); a placement leaves it to the booking, which decides under concurrency. */
  countBookings: boolean;
}

function stateOf(stored: StoredLine, details: LineDetails | null, refused: boolean): CheckoutLine['state'] {
  if (!details || refused) return 'unavailable';
  if (details.maxQuantity < stored.quantity) return 'out_of_stock';
  return details.unitPrice === stored.unitPrice ? 'ok' : 'repriced';
}

async function planLines(db: Db, stored: readonly StoredLine[], known: Promise<KnownWarehouses>): Promise<PlannedLine[]> {
  const requests = stored.map((line): DescribeRequest | null => {
    const item = lineInput(line, line.quantity);
    return item ? { item, price: true } : null;
  });
  const described = await describeLines(
    db,
    requests.filter((request): request is DescribeRequest => request !== null),
    known,
  );
  let next = 0;
  return stored.map((line, index) => {
    const found = requests[index] ? described[next++] : undefined;
    const details = found?.details ?? null;
    const state = stateOf(line, details, Boolean(found?.refusal));
    const priced = state !== 'unavailable' && details !== null;
    return {
      stored: line,
      details,
      line: {
        lineId: line.id,
        itemType: line.itemType,
        name: details?.name ?? copy.cart.unknownItem,
        detail: details?.detail ?? '',
        image: details?.image ?? null,
        quantity: line.quantity,
        unitPrice: priced ? details.unitPrice : line.unitPrice,
        originalPrice: priced ? details.originalPrice : line.originalPrice,
        addedUnitPrice: line.unitPrice,
        state,
        availableQuantity: priced ? Math.min(details.maxQuantity, line.quantity) : 0,
      },
    };
  });
}

/** A grocery cart's warehouse (null when it stopped delivering); read once, for the lines and the source. */
async function groceryWarehouse(db: Db, lines: readonly StoredLine[]): Promise<DeliveryWarehouse | null | undefined> {
  if (cartKind(lines.map((line) => line.itemType)) !== 'grocery') return undefined;
  return getDeliveryWarehouse({ db, warehouseId: lines[0]!.warehouseId });
}

async function sourceOf(db: Db, lines: readonly PlannedLine[], groceryFrom: DeliveryWarehouse | null | undefined): Promise<CheckoutSource | null> {
  const kind = cartKind(lines.map(({ stored }) => stored.itemType));
  if (kind === 'grocery') {
    // A warehouse that stopped delivering leaves every line unavailable; there is no source to plan.
    const warehouse = groceryFrom;
    if (!warehouse) return null;
    return {
      kind: 'warehouse',
      id: warehouse.id,
      name: warehouse.name,
      latitude: warehouse.latitude,
      longitude: warehouse.longitude,
      state: warehouse.state,
      timeZone: warehouse.timeZone,
      hours: { kind: 'warehouse' },
      capacity: warehouse.windowCapacity,
      preparationMinutes: warehouse.pickTimeMinutes,
      rangeMiles: Math.min(warehouse.deliveryRadiusMiles, DELIVERY_RANGE_MILES),
      deliveryFee: warehouse.deliveryFeeCents,
      warehouseId: warehouse.id,
      kitchenId: null,
      resourceId: warehouse.id,
    };
  }
  const dish = lines.find(({ details }) => details?.cloudKitchenId)?.details;
  if (!dish?.cloudKitchenId) return null;
  const kitchen = await getKitchenSchedule({ db, kitchenId: dish.cloudKitchenId });
  if (!kitchen) return null;
  return {
    kind: 'kitchen',
    id: kitchen.id,
    name: kitchen.name,
    latitude: kitchen.latitude,
    longitude: kitchen.longitude,
    state: kitchen.state,
    timeZone: kitchen.timeZone,
    hours: { kind: 'kitchen', openingHours: kitchen.openingHours, isOpen: kitchen.isOpen },
    capacity: kitchen.ordersPerHour,
    preparationMinutes: kitchen.prepTimeMinutes,
    // Kitchens deliver within the service range of the kitchen itself (ADR 014).
    rangeMiles: DELIVERY_RANGE_MILES,
    deliveryFee: dish.deliveryFee,
    warehouseId: dish.warehouseId,
    kitchenId: kitchen.id,
    resourceId: kitchen.id,
  };
}

/** Savings against original prices, by where they come from. */
function savingsOf(lines: readonly PlannedLine[]): Savings {
  const saved = (types: string[]) =>
    lines.filter(({ line }) => types.includes(line.itemType)).reduce((total, { line }) => total + (line.originalPrice - line.unitPrice) * line.quantity, 0);
  const discounts = saved(['product']);
  const bundles = saved(['bundle']);
  const deals = saved(['bogo']);
  return { discounts, bundles, deals, total: discounts + bundles + deals };
}

function deliveryProblem(chosen: ChosenDelivery | null): CheckoutQuote['problems'][number] | null {
  if (!chosen || chosen.ok) return null;
  if (chosen.refusal === 'KITCHEN_CLOSED') return { code: 'KITCHEN_CLOSED', message: orderRefusals.kitchenClosed };
  return { code: 'WINDOW_UNAVAILABLE', message: chosen.refusal === 'WINDOW_FULL' ? orderRefusals.windowFull : orderRefusals.windowPast };
}

export async function planCheckout(db: Db, options: PlanOptions): Promise<CheckoutPlan> {
  const { now, address } = options;
  // The warehouse and the lines are asked for together, in one round trip; the lines use the warehouse read here.
  const warehouseRead = groceryWarehouse(db, options.lines);
  const lines = await planLines(db, options.lines, warehouseRead.then((warehouse) => new Map(warehouse ? [[warehouse.id, warehouse]] : [])));
  const warehouse = await warehouseRead;
  const source = lines.length > 0 ? await sourceOf(db, lines, warehouse) : null;

  const from = source ? coordinatesOf(source) : null;
  const to = address ? coordinatesOf(address) : null;
  const distanceMiles = from && to ? Math.round(milesBetween(from, to) * 100) / 100 : null;
  // An address the map could not place is served within the source's own state.
  const serviceable =
    source !== null && address !== null && (distanceMiles !== null ? distanceMiles <= source.rangeMiles : address.state.toUpperCase() === source.state.toUpperCase());

  let delivery: DeliveryPlan | null = null;
  if (source) {
    const booked = options.countBookings
      ? await bookedSlots(db, { resourceId: source.resourceId, ...bookingRange(now, source.timeZone) })
      : new Map<number, number>();
    delivery = planDelivery({
      now,
      timeZone: source.timeZone,
      hours: source.hours,
      capacity: source.capacity,
      preparationMinutes: source.preparationMinutes,
      distanceMiles,
      booked,
    });
  }
  const chosen = delivery && source ? chooseDelivery(delivery, options.delivery, source.kind) : null;

  const kept = lines.filter(({ line }) => line.state === 'ok' || line.state === 'repriced');
  const summary = summarize(
    kept.map(({ line }) => line),
    { deliveryFee: kept.length > 0 ? (source?.deliveryFee ?? 0) : 0, tip: options.tip },
  );
  const totals = { ...summary, savings: savingsOf(kept) };

  const problems: CheckoutQuote['problems'] = [];
  if (lines.length === 0) problems.push({ code: 'EMPTY_CART', message: orderRefusals.emptyCart });
  if (kept.length < lines.length) problems.push({ code: 'LINES_UNAVAILABLE', message: orderRefusals.linesUnavailable });
  if (!address) problems.push({ code: 'NO_ADDRESS', message: orderRefusals.noAddress });
  else if (source && !serviceable) problems.push({ code: 'OUT_OF_AREA', message: orderRefusals.outsideServiceArea });
  const deliveryRefusal = deliveryProblem(chosen);
  if (deliveryRefusal) problems.push(deliveryRefusal);

  const paymentMethods: PaymentMethod[] = options.cardEnabled ? ['cash_on_delivery', 'card'] : ['cash_on_delivery'];
  const quote: CheckoutQuote = {
    kind: cartKind(lines.map(({ stored }) => stored.itemType)),
    lines: lines.map(({ line }) => line),
    source: source
      ? { kind: source.kind, id: source.id, name: source.name, latitude: source.latitude, longitude: source.longitude, timeZone: source.timeZone, distanceMiles }
      : null,
    address: address
      ? {
          id: address.id,
          label: address.label,
          streetAddress: address.streetAddress,
          unit: address.unit,
          city: address.city,
          state: address.state,
          zipCode: address.zipCode,
          deliveryInstructions: address.deliveryInstructions,
        }
      : null,
    serviceable,
    delivery: {
      asap: delivery
        ? { available: delivery.asap.available, minutes: delivery.leadMinutes, estimatedAt: delivery.asap.estimatedAt.toISOString() }
        : { available: false, minutes: null, estimatedAt: null },
      windows: (delivery?.windows ?? []).map((window) => ({
        start: window.start.toISOString(),
        end: window.end.toISOString(),
        available: window.available,
        remaining: window.remaining,
      })),
      timeZone: delivery?.timeZone ?? 'UTC',
    },
    totals: {
      subtotal: totals.subtotal,
      savings: totals.savings,
      serviceFee: totals.serviceFee,
      deliveryFee: totals.deliveryFee,
      taxAmount: totals.taxAmount,
      tip: totals.tip,
      totalAmount: totals.totalAmount,
    },
    paymentMethods,
    problems,
  };
  return { quote, lines, kept, source, address, distanceMiles, serviceable, delivery, chosen, totals };
}
