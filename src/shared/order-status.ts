import { canViewOrder, isAssignedDriver, managesWarehouse, mayBeOfferedTo, operatesOrder, ownsKitchen, ownsResource, type Actor, type OrderAccessFacts } from './access';

export const orderStatuses = [
  'placed',
  'confirmed',
  'processing',
  'ready',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refund_requested',
  'refunded',
  'refund_rejected',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderTypes = ['grocery', 'cloud_kitchen'] as const;
export type OrderType = (typeof orderTypes)[number];

/** An order as the status rules see it. */
export interface OrderFacts extends OrderAccessFacts {
  status: OrderStatus;
}

/** Who may take a step: the order's customer, whoever prepares it (a kitchen order's kitchen alone), its driver, or support. */
type Mover = 'customer' | 'operator' | 'kitchen' | 'driver' | 'support';

interface Step {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly Mover[];
}

/**
 * The status machine (PRODUCT.md, Orders). Both kinds of order are `ready` before a driver takes them
 * out: groceries once picked and packed, dishes once cooked (kitchens use `processing` as "preparing").
 */
const steps: readonly Step[] = [
  { from: 'placed', to: 'confirmed', by: ['operator'] },
  { from: 'confirmed', to: 'processing', by: ['operator'] },
  { from: 'processing', to: 'ready', by: ['operator'] },
  { from: 'ready', to: 'out_for_delivery', by: ['driver'] },
  { from: 'out_for_delivery', to: 'delivered', by: ['driver'] },
  // A kitchen may decline a new order it cannot cook, until it has accepted it.
  { from: 'placed', to: 'cancelled', by: ['customer', 'support', 'kitchen'] },
  { from: 'confirmed', to: 'cancelled', by: ['customer', 'support'] },
  { from: 'processing', to: 'cancelled', by: ['customer', 'support'] },
  { from: 'delivered', to: 'refund_requested', by: ['customer'] },
  { from: 'refund_requested', to: 'refunded', by: ['support'] },
  { from: 'refund_requested', to: 'refund_rejected', by: ['support'] },
  // A partial refund leaves units to return; the return itself refuses an order with none left.
  { from: 'refunded', to: 'refund_requested', by: ['customer'] },
];

/** Where an order's journey ends: nothing more is delivered or tracked (a refunded order may still take a return). */
const terminal: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded', 'refund_rejected']);

export function isTerminalStatus(status: OrderStatus): boolean {
  return terminal.has(status);
}

/** Statuses an order reaches only once it has arrived: a return asked for, and support's answer. */
const afterDelivery: ReadonlySet<OrderStatus> = new Set(['delivered', 'refund_requested', 'refunded', 'refund_rejected']);

/** Whether the order has been delivered, whatever was asked back since. */
export function hasArrived(status: OrderStatus): boolean {
  return afterDelivery.has(status);
}

/**
 * Whether there is nothing left to follow live: the order arrived (whatever was asked back since) or
 * was cancelled. Its stream ends, and its page says when it arrived rather than when it will.
 */
export function isTrackingOver(status: OrderStatus): boolean {
  return hasArrived(status) || status === 'cancelled';
}

/** Every status an order can move to from this one, whoever asks; both kinds of order share the machine. */
export function nextStatuses(options: { status: OrderStatus }): OrderStatus[] {
  return steps.filter((step) => step.from === options.status).map((step) => step.to);
}

function actsAs(viewer: Actor, order: OrderFacts, mover: Mover): boolean {
  switch (mover) {
    case 'customer':
      return viewer.role === 'customer' && ownsResource(viewer, order.customerProfileId);
    case 'operator':
      return operatesOrder(viewer, order);
    case 'kitchen':
      return order.type === 'cloud_kitchen' && ownsKitchen(viewer, order.kitchenId);
    case 'driver':
      return isAssignedDriver(viewer, order);
    case 'support':
      return viewer.role === 'support';
  }
}

/** The statuses this viewer may move this order to now; the web shows exactly these actions. */
export function allowedTransitions(options: { viewer: Actor; order: OrderFacts }): OrderStatus[] {
  const { viewer, order } = options;
  return steps
    .filter((step) => step.from === order.status)
    .filter((step) => step.by.some((mover) => actsAs(viewer, order, mover)))
    .map((step) => step.to);
}

/** Whether this viewer may move this order to `to` now; the server refuses every other change. */
export function canTransition(options: { viewer: Actor; order: OrderFacts; to: OrderStatus }): boolean {
  return allowedTransitions(options).includes(options.to);
}

/**
 * The manager of the order's warehouse assigns (or reassigns) its driver, until the driver has taken
 * it out for delivery.
 */
export function canAssignDriver(options: { viewer: Actor; order: OrderFacts }): boolean {
  const { viewer, order } = options;
  const open: OrderStatus[] = ['confirmed', 'processing', 'ready'];
  return managesWarehouse(viewer, order.warehouseId) && open.includes(order.status);
}

/** What a driver may be offered and accept: accepted by the store and not yet on its way. */
export const offerableStatuses: readonly OrderStatus[] = ['confirmed', 'processing', 'ready'];

/** A driver of the order's warehouse takes an offered order that nobody drives yet. */
export function canAcceptDelivery(options: { viewer: Actor; order: OrderFacts }): boolean {
  const { viewer, order } = options;
  return mayBeOfferedTo(viewer, order) && offerableStatuses.includes(order.status);
}

/**
 * Drivers of a warehouse hear of every change to an order still on offer there, its being taken by
 * one of them included, so the offer leaves every other driver's list at once.
 */
export function hearsOfOffer(options: { viewer: Actor; order: OrderFacts }): boolean {
  const { viewer, order } = options;
  return (
    viewer.role === 'driver' && order.warehouseId !== null && viewer.warehouseIds.includes(order.warehouseId) && offerableStatuses.includes(order.status)
  );
}

/** Whose live staff queue hears of a change to an order: staff who may see it, and the drivers it is (or was) offered to. */
export function followsInStaffFeed(options: { viewer: Actor; order: OrderFacts }): boolean {
  return options.viewer.role !== 'customer' && (canViewOrder(options) || hearsOfOffer(options));
}
