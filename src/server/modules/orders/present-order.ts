import { allowedTransitions, canAssignDriver, canTransition } from '@/shared/order-status';
import { receivedStatuses, staffStatuses, type Order, type OrderLine } from '@/shared/contracts/orders';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { orderSources, profileNames } from '../../read-models/order-context';
import { paymentOf, refundedUnitsOf, refundsOf } from '../payments/payment-records';
import { claimedUnits, returnRequestsOf, toReturnRequest } from '../returns/return-records';
import { ratingsBy } from '../reviews/rating-records';
import { eventsOf, factsOf, linesOf, type OrderLineRecord, type OrderRecord } from './order-records';
import { isPartlyRefunded, isReturnable, isReturnableAfterReview, refundableAmountOf } from './returnable-orders';

const received: ReadonlySet<string> = new Set(receivedStatuses);
const staffMoves: ReadonlySet<string> = new Set(staffStatuses);

/** The item a line rates: products and BOGO lines rate the product, dishes the dish; bundles nothing. */
export function ratedItemOf(line: Pick<OrderLineRecord, 'itemType' | 'productId' | 'cloudKitchenProductId'>): { productId: string } | { dishId: string } | null {
  if ((line.itemType === 'product' || line.itemType === 'bogo') && line.productId) return { productId: line.productId };
  if (line.itemType === 'cloud_kitchen' && line.cloudKitchenProductId) return { dishId: line.cloudKitchenProductId };
  return null;
}

function ratingKey(item: { productId: string } | { dishId: string }): string {
  return 'productId' in item ? `product:${item.productId}` : `dish:${item.dishId}`;
}

/**
 * The full order as this viewer may see it: the delivery code only for its customer, the actions the
 * shared rules allow this viewer now, and what other modules hold of it (payment, refunds, returns,
 * ratings) read through their own functions.
 */
export async function presentOrder(db: Db, options: { order: OrderRecord; viewer: Viewer }): Promise<Order> {
  const { order, viewer } = options;
  const facts = factsOf(order);
  const isCustomer = viewer.role === 'customer' && viewer.profileId === order.customerProfileId;
  const lines = await linesOf(db, order.id);
  const items = lines.map(ratedItemOf);
  const [events, payment, refunds, refundedUnits, requests, sources, ratings] = await Promise.all([
    eventsOf(db, order.id),
    paymentOf(db, order.id),
    refundsOf(db, order.id),
    refundedUnitsOf(db, order.id),
    returnRequestsOf(db, [order.id]),
    orderSources(db, { warehouseIds: [order.warehouseId], kitchenIds: order.cloudKitchenId ? [order.cloudKitchenId] : [] }),
    ratingsBy(db, {
      profileId: order.customerProfileId,
      productIds: items.flatMap((item) => (item && 'productId' in item ? [item.productId] : [])),
      dishIds: items.flatMap((item) => (item && 'dishId' in item ? [item.dishId] : [])),
    }),
  ]);
  // Drivers are named: the one delivering it, and whichever drivers made a change (one may have been reassigned since).
  const driverIds = new Set(events.flatMap((event) => (event.actor === 'driver' && event.actorProfileId ? [event.actorProfileId] : [])));
  if (order.driverProfileId) driverIds.add(order.driverProfileId);
  const names = await profileNames(db, [...driverIds]);
  const claimed = claimedUnits(refundedUnits, requests);
  const lineNames = new Map(lines.map((line) => [line.id, line.name]));
  const refundableAmount = refundableAmountOf(payment, requests);
  const returnable = isReturnable({ status: order.status, lines, claimed, refundableAmount });
  const returnableAfterReview = isReturnableAfterReview({ status: order.status, lines, claimed, refundableAmount });
  const source = sources.get(order.cloudKitchenId ?? order.warehouseId) ?? {
    kind: order.cloudKitchenId ? ('kitchen' as const) : ('warehouse' as const),
    id: order.cloudKitchenId ?? order.warehouseId,
    name: '',
    latitude: null,
    longitude: null,
    timeZone: 'UTC',
  };
  const ratable = lines.some((line) => ratedItemOf(line) !== null);

  const orderLines: OrderLine[] = lines.map((line, index) => {
    const item = items[index];
    const rating = item ? ratings.get(ratingKey(item)) : undefined;
    return {
      id: line.id,
      itemType: line.itemType,
      productId: line.productId,
      bundleId: line.bundleId,
      bogoOfferId: line.bogoOfferId,
      cloudKitchenProductId: line.cloudKitchenProductId,
      name: line.name,
      detail: line.detail,
      image: line.image,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      originalPrice: line.originalPrice,
      substitution: line.substitution,
      refundedQuantity: claimed.get(line.id) ?? 0,
      fulfilment: {
        status: line.fulfilment,
        quantity: line.unavailableQuantity,
        substitute: line.substituteName !== null && line.substituteUnitPrice !== null ? { name: line.substituteName, unitPrice: line.substituteUnitPrice } : null,
      },
      rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
    };
  });

  return {
    id: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    status: order.status,
    totalAmount: order.totalAmount,
    placedAt: order.placedAt.toISOString(),
    // As the lists count them: units missing at picking and refunded do not come; a substitute does.
    itemCount: lines.reduce((sum, line) => sum + line.quantity - (line.fulfilment === 'refunded' ? line.unavailableQuantity : 0), 0),
    sourceName: source.name,
    cloudKitchenId: order.cloudKitchenId,
    warehouseId: order.warehouseId,
    source,
    timeZone: source.timeZone,
    returnable,
    returnableAfterReview,
    partlyRefunded: isPartlyRefunded(order.status, payment),
    address: {
      label: order.addressLabel,
      streetAddress: order.streetAddress,
      unit: order.addressUnit,
      city: order.city,
      state: order.state,
      zipCode: order.zipCode,
      deliveryInstructions: order.deliveryInstructions,
      latitude: order.latitude,
      longitude: order.longitude,
    },
    delivery: {
      kind: order.windowStart ? 'window' : 'asap',
      windowStart: order.windowStart?.toISOString() ?? null,
      windowEnd: order.windowEnd?.toISOString() ?? null,
      estimatedAt: order.estimatedDeliveryAt.toISOString(),
    },
    totals: {
      subtotal: order.subtotal,
      savings: {
        discounts: order.discountSavings,
        bundles: order.bundleSavings,
        deals: order.dealSavings,
        total: order.discountSavings + order.bundleSavings + order.dealSavings,
      },
      serviceFee: order.serviceFee,
      deliveryFee: order.deliveryFee,
      taxAmount: order.taxAmount,
      tip: order.tip,
      totalAmount: order.totalAmount,
    },
    payment: {
      method: order.paymentMethod,
      status: payment?.status ?? 'due_on_delivery',
      refundedAmount: payment?.refundedAmount ?? 0,
      // Only the customer completes a card payment, and only while it is pending.
      clientSecret: isCustomer && payment?.status === 'pending' ? payment.clientSecret : null,
    },
    driverNotes: order.driverNotes,
    deliveryCode: isCustomer ? order.deliveryCode : null,
    proofOfDeliveryNote: order.proofOfDeliveryNote,
    driver: order.driverProfileId ? { profileId: order.driverProfileId, firstName: names.get(order.driverProfileId)?.firstName ?? '' } : null,
    lines: orderLines,
    events: events.map(({ actorProfileId, ...event }) => {
      const driverName = event.actor === 'driver' && actorProfileId ? names.get(actorProfileId)?.firstName : undefined;
      return driverName ? { ...event, actorName: driverName } : event;
    }),
    refunds,
    returnRequests: requests.map((request) => toReturnRequest(request, { orderNumber: order.orderNumber, lineNames, timeZone: source.timeZone })),
    refundableAmount,
    actions: {
      cancel: canTransition({ viewer, order: facts, to: 'cancelled' }),
      reorder: isCustomer,
      requestReturn: canTransition({ viewer, order: facts, to: 'refund_requested' }) && returnable,
      rate: isCustomer && received.has(order.status) && ratable,
      transitions: allowedTransitions({ viewer, order: facts }).filter((status) => staffMoves.has(status)),
      assignDriver: canAssignDriver({ viewer, order: facts }),
    },
  };
}
