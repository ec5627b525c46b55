import type { Role } from './roles';

/** What a person does at a warehouse they work at. */
export const warehouseStaffRoles = ['manager', 'driver'] as const;
export type WarehouseStaffRole = (typeof warehouseStaffRoles)[number];

/**
 * Who is acting: the signed-in user's role and profile, and what they run. The server builds it from
 * the session; the web from the profile. Both judge access with the same functions below.
 */
export interface Actor {
  role: Role;
  profileId: string;
  /** Warehouses this person works at (a manager runs them, a driver delivers from them). */
  warehouseIds: readonly string[];
  /** Kitchens this person owns. */
  kitchenIds: readonly string[];
}

/** What access to an order depends on. */
export interface OrderAccessFacts {
  type: 'grocery' | 'cloud_kitchen';
  /** The customer who placed it. */
  customerProfileId: string;
  /** The warehouse that fulfils it; kitchen orders are booked against the kitchen-default warehouse. */
  warehouseId: string | null;
  /** The kitchen that cooks it; null for groceries. */
  kitchenId: string | null;
  /** The driver assigned to it, once one is. */
  driverProfileId: string | null;
}

/** The actor owns a resource that belongs to a profile (an address, a cart, an order as its customer). */
export function ownsResource(actor: Actor, ownerProfileId: string): boolean {
  return actor.profileId === ownerProfileId;
}

export function managesWarehouse(actor: Actor, warehouseId: string | null): boolean {
  return actor.role === 'manager' && warehouseId !== null && actor.warehouseIds.includes(warehouseId);
}

export function ownsKitchen(actor: Actor, kitchenId: string | null): boolean {
  return actor.role === 'cloud_kitchen' && kitchenId !== null && actor.kitchenIds.includes(kitchenId);
}

/** The one who prepares an order: the manager of its warehouse for groceries, the kitchen's owner for dishes. */
export function operatesOrder(actor: Actor, order: OrderAccessFacts): boolean {
  return order.type === 'grocery' ? managesWarehouse(actor, order.warehouseId) : ownsKitchen(actor, order.kitchenId);
}

export function isAssignedDriver(actor: Actor, order: OrderAccessFacts): boolean {
  return actor.role === 'driver' && order.driverProfileId !== null && order.driverProfileId === actor.profileId;
}

/**
 * Who may see an order: its customer, whoever prepares it, the manager of its warehouse (who assigns
 * its driver), its driver, support and admins. Everyone else is told it does not exist.
 */
export function canViewOrder(options: { viewer: Actor; order: OrderAccessFacts }): boolean {
  const { viewer, order } = options;
  if (viewer.role === 'admin' || viewer.role === 'support') return true;
  if (viewer.role === 'customer') return ownsResource(viewer, order.customerProfileId);
  return operatesOrder(viewer, order) || managesWarehouse(viewer, order.warehouseId) || isAssignedDriver(viewer, order);
}

/** A driver may be offered an order of a warehouse they deliver from that nobody drives yet. */
export function mayBeOfferedTo(actor: Actor, order: OrderAccessFacts): boolean {
  return actor.role === 'driver' && order.driverProfileId === null && order.warehouseId !== null && actor.warehouseIds.includes(order.warehouseId);
}
