import { describe, expect, it } from 'vitest';
import { canViewOrder, type Actor } from './access';
import {
  allowedTransitions,
  canAssignDriver,
  canTransition,
  isTerminalStatus,
  nextStatuses,
  orderStatuses,
  orderTypes,
  type OrderFacts,
  type OrderStatus,
  type OrderType,
} from './order-status';

const actors = {
  customer: { role: 'customer', profileId: 'p-customer', warehouseIds: [], kitchenIds: [] },
  otherCustomer: { role: 'customer', profileId: 'p-other-customer', warehouseIds: [], kitchenIds: [] },
  manager: { role: 'manager', profileId: 'p-manager', warehouseIds: ['w-1'], kitchenIds: [] },
  otherManager: { role: 'manager', profileId: 'p-other-manager', warehouseIds: ['w-2'], kitchenIds: [] },
  kitchenOwner: { role: 'cloud_kitchen', profileId: 'p-kitchen', warehouseIds: [], kitchenIds: ['k-1'] },
  otherKitchenOwner: { role: 'cloud_kitchen', profileId: 'p-other-kitchen', warehouseIds: [], kitchenIds: ['k-2'] },
  driver: { role: 'driver', profileId: 'p-driver', warehouseIds: ['w-1'], kitchenIds: [] },
  otherDriver: { role: 'driver', profileId: 'p-other-driver', warehouseIds: ['w-1'], kitchenIds: [] },
  support: { role: 'support', profileId: 'p-support', warehouseIds: [], kitchenIds: [] },
  admin: { role: 'admin', profileId: 'p-admin', warehouseIds: ['w-1'], kitchenIds: [] },
  // A manager's warehouse list does not make a driver, nor a kitchen list a customer, an operator.
  customerWithKitchenId: { role: 'customer', profileId: 'p-odd', warehouseIds: ['w-1'], kitchenIds: ['k-1'] },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;

function order(type: OrderType, status: OrderStatus): OrderFacts {
  return {
    type,
    status,
    customerProfileId: 'p-customer',
    warehouseId: 'w-1',
    kitchenId: type === 'cloud_kitchen' ? 'k-1' : null,
    driverProfileId: 'p-driver',
  };
}

/** Every permitted move, and exactly who may make it; any pair not listed is refused to everyone. */
const permitted: [OrderType | 'both', OrderStatus, OrderStatus, ActorName[]][] = [
  ['grocery', 'placed', 'confirmed', ['manager']],
  ['grocery', 'confirmed', 'processing', ['manager']],
  ['grocery', 'processing', 'ready', ['manager']],
  ['grocery', 'ready', 'out_for_delivery', ['driver']],
  ['cloud_kitchen', 'placed', 'confirmed', ['kitchenOwner']],
  ['cloud_kitchen', 'confirmed', 'processing', ['kitchenOwner']],
  ['cloud_kitchen', 'processing', 'ready', ['kitchenOwner']],
  ['cloud_kitchen', 'ready', 'out_for_delivery', ['driver']],
  ['both', 'out_for_delivery', 'delivered', ['driver']],
  ['grocery', 'placed', 'cancelled', ['customer', 'support']],
  // A kitchen may decline a new order of its own.
  ['cloud_kitchen', 'placed', 'cancelled', ['customer', 'support', 'kitchenOwner']],
  ['both', 'confirmed', 'cancelled', ['customer', 'support']],
  ['both', 'processing', 'cancelled', ['customer', 'support']],
  ['both', 'delivered', 'refund_requested', ['customer']],
  ['both', 'refund_requested', 'refunded', ['support']],
  ['both', 'refund_requested', 'refund_rejected', ['support']],
  ['both', 'refunded', 'refund_requested', ['customer']],
];

function expectedMovers(type: OrderType, from: OrderStatus, to: OrderStatus): ActorName[] {
  return permitted.find(([t, f, s]) => (t === 'both' || t === type) && f === from && s === to)?.[3] ?? [];
}

const cases = orderTypes.flatMap((type) =>
  orderStatuses.flatMap((from) => orderStatuses.map((to) => ({ type, from, to, movers: expectedMovers(type, from, to) }))),
);

describe('the order status machine', () => {
  it.each(cases)('$type $from → $to: only $movers', ({ type, from, to, movers }) => {
    for (const [name, viewer] of Object.entries(actors) as [ActorName, Actor][]) {
      expect({ name, allowed: canTransition({ viewer, order: order(type, from), to }) }).toEqual({ name, allowed: movers.includes(name) });
    }
  });

  it('lists the allowed moves per viewer in the machine order', () => {
    expect(allowedTransitions({ viewer: actors.customer, order: order('grocery', 'placed') })).toEqual(['cancelled']);
    expect(allowedTransitions({ viewer: actors.manager, order: order('grocery', 'placed') })).toEqual(['confirmed']);
    expect(allowedTransitions({ viewer: actors.support, order: order('cloud_kitchen', 'refund_requested') })).toEqual(['refunded', 'refund_rejected']);
    expect(allowedTransitions({ viewer: actors.kitchenOwner, order: order('cloud_kitchen', 'ready') })).toEqual([]);
  });

  it('knows the shape of the machine regardless of who asks', () => {
    expect(nextStatuses({ status: 'processing' })).toEqual(['ready', 'cancelled']);
    expect(nextStatuses({ status: 'ready' })).toEqual(['out_for_delivery']);
    for (const status of ['cancelled', 'refund_rejected'] as const) {
      expect(isTerminalStatus(status)).toBe(true);
      expect(nextStatuses({ status })).toEqual([]);
    }
    expect(isTerminalStatus('refunded')).toBe(true);
    expect(nextStatuses({ status: 'refunded' })).toEqual(['refund_requested']);
    expect(orderStatuses.filter((status) => !isTerminalStatus(status) && status !== 'delivered').every((status) => nextStatuses({ status }).length > 0)).toBe(true);
  });

  it('lets an unassigned order move only by its operator, never by any driver', () => {
    const unassigned = { ...order('grocery', 'ready'), driverProfileId: null };
    expect(canTransition({ viewer: actors.driver, order: unassigned, to: 'out_for_delivery' })).toBe(false);
    expect(canTransition({ viewer: actors.otherDriver, order: unassigned, to: 'out_for_delivery' })).toBe(false);
  });
});

describe('driver assignment', () => {
  const table: [OrderType, OrderStatus, ActorName[]][] = [
    ['grocery', 'placed', []],
    ['grocery', 'confirmed', ['manager']],
    ['grocery', 'processing', ['manager']],
    ['grocery', 'ready', ['manager']],
    ['grocery', 'out_for_delivery', []],
    ['cloud_kitchen', 'processing', ['manager']],
    ['cloud_kitchen', 'ready', ['manager']],
    ['cloud_kitchen', 'delivered', []],
  ];
  it.each(table)('%s %s: only %j', (type, status, allowed) => {
    for (const [name, viewer] of Object.entries(actors) as [ActorName, Actor][]) {
      expect({ name, allowed: canAssignDriver({ viewer, order: order(type, status) }) }).toEqual({ name, allowed: allowed.includes(name) });
    }
  });
});

describe('who may see an order', () => {
  const table: [OrderType, ActorName[]][] = [
    ['grocery', ['customer', 'manager', 'driver', 'support', 'admin']],
    ['cloud_kitchen', ['customer', 'manager', 'kitchenOwner', 'driver', 'support', 'admin']],
  ];
  it.each(table)('%s order: %j', (type, allowed) => {
    for (const [name, viewer] of Object.entries(actors) as [ActorName, Actor][]) {
      expect({ name, allowed: canViewOrder({ viewer, order: order(type, 'processing') }) }).toEqual({ name, allowed: allowed.includes(name) });
    }
  });
});
