import { staffOrderQuery, type StaffFeedEvent, type StaffOrderRow } from '@/shared/contracts/staff';
import { orderRefusals } from '@/shared/copy';
import { addressLine } from '@/shared/contracts/locations';
import type { Order } from '@/shared/contracts/orders';
import { parse, Refusal, type FakeApi } from './fake-api';
import { driverFakes } from './fake-driver';
import type { FakeUser } from './fake-data';

/** What a test does to the staff side of the fake beyond what the app asks of it. */
export interface StaffFakes {
  /** Tells every open staff stream that an order took its current status, as the server's feed does. */
  announce(orderId: string): StaffFeedEvent;
  /** How many staff streams are open now. */
  openStreams(): number;
}

const installed = new WeakMap<FakeApi, StaffFakes>();

export function staffFakes(api: FakeApi): StaffFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installStaffFakes was not called for this fake API');
  return fakes;
}

const active = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery'];

/** Who may list an order, as the server's scopes say (a driver's offers aside). */
function mayList(viewer: FakeUser, order: Order): boolean {
  const { role, warehouseIds, kitchenIds } = viewer.profile;
  if (role === 'admin' || role === 'support') return true;
  if (role === 'manager') return warehouseIds.includes(order.warehouseId);
  if (role === 'cloud_kitchen') return order.cloudKitchenId !== null && kitchenIds.includes(order.cloudKitchenId);
  if (role === 'driver') return order.driver?.profileId === viewer.profile.id;
  return false;
}

function rowOf(order: Order, customer: FakeUser | undefined): StaffOrderRow {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    status: order.status,
    placedAt: order.placedAt,
    totalAmount: order.totalAmount,
    tip: order.totals.tip,
    paymentMethod: order.payment.method,
    cashToCollect: order.payment.method === 'cash_on_delivery' && order.payment.status === 'due_on_delivery' ? order.totalAmount : 0,
    itemCount: order.itemCount,
    lines: order.lines.map(({ name, quantity }) => ({ name, quantity })),
    customer: { profileId: customer?.profile.id ?? order.id, name: customer?.name ?? 'Customer', email: customer?.email ?? '' },
    warehouse: { id: order.warehouseId, name: order.source.kind === 'warehouse' ? order.source.name : 'Kitchen orders' },
    kitchen: order.cloudKitchenId ? { id: order.cloudKitchenId, name: order.source.name } : null,
    driver: order.driver ? { profileId: order.driver.profileId, name: order.driver.firstName } : null,
    pickup: { name: order.source.name, address: order.source.kind === 'warehouse' ? '100 Warehouse Row, Austin, TX 78701' : '5 Kitchen Lane, Austin, TX 78702' },
    distanceMiles: null,
    dropOff: addressLine(order.address),
    deliveryInstructions: order.address.deliveryInstructions,
    driverNotes: order.driverNotes,
    delivery: { windowStart: order.delivery.windowStart, windowEnd: order.delivery.windowEnd, estimatedAt: order.delivery.estimatedAt },
    timeZone: order.timeZone,
    returnable: order.returnable,
    partlyRefunded: order.partlyRefunded,
  };
}

/**
 * GET /api/staff/orders and its stream over `api.data.orders`: each role lists what the server's
 * scopes let it (drivers' offers are the confirmed to ready orders of their warehouses nobody
 * drives), filtered, searched and paged the same way, and the stream starts with `ready`.
 */
export function installStaffFakes(api: FakeApi, customerOf: (order: Order) => FakeUser | undefined): StaffFakes {
  const streams = new Set<(text: string) => void>();
  let nextEventId = 500_000;

  api.define('GET /api/staff/orders', ({ query }) => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role === 'customer') throw new Refusal(403, 'FORBIDDEN', orderRefusals.staffOnly);
    const filters = parse(staffOrderQuery, Object.fromEntries(query));
    if (filters.view === 'offered' && viewer.profile.role !== 'driver') {
      throw new Refusal(400, 'VALIDATION_FAILED', orderRefusals.offeredForDrivers, { view: orderRefusals.offeredForDrivers });
    }
    // Off shift, a driver is offered nothing.
    if (filters.view === 'offered' && !driverFakes(api).isOnShift(viewer.profile.id)) return { orders: [], total: 0, page: filters.page, pageSize: filters.pageSize };
    const needle = filters.q?.toLowerCase();
    const rows = api.data.orders
      .filter((order) =>
        filters.view === 'offered'
          ? order.driver === null && ['confirmed', 'processing', 'ready'].includes(order.status) && viewer.profile.warehouseIds.includes(order.warehouseId)
          : mayList(viewer, order) && (filters.view === 'all' || active.includes(order.status)),
      )
      .filter((order) => !filters.status || order.status === filters.status)
      .filter((order) => !filters.type || order.type === filters.type)
      .filter((order) => !filters.warehouseId || order.warehouseId === filters.warehouseId)
      .filter((order) => !filters.kitchenId || order.cloudKitchenId === filters.kitchenId)
      .map((order) => rowOf(order, customerOf(order)))
      .filter((row) => !filters.customerProfileId || row.customer.profileId === filters.customerProfileId)
      .filter((row) => !needle || [row.orderNumber, row.customer.email, row.customer.name].some((value) => value.toLowerCase().includes(needle)))
      .sort((a, b) => (filters.view === 'all' ? b.placedAt.localeCompare(a.placedAt) : a.placedAt.localeCompare(b.placedAt)));
    const start = (filters.page - 1) * filters.pageSize;
    return { orders: rows.slice(start, start + filters.pageSize), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('GET /api/staff/orders/stream', () => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role === 'customer') throw new Refusal(403, 'FORBIDDEN', orderRefusals.staffOnly);
    const encoder = new TextEncoder();
    let write: ((text: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
        write = (text) => controller.enqueue(encoder.encode(text));
        streams.add(write);
      },
      cancel() {
        if (write) streams.delete(write);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  });

  const fakes: StaffFakes = {
    announce(orderId) {
      const order = api.data.orders.find((candidate) => candidate.id === orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const event: StaffFeedEvent = { id: String(nextEventId++), orderId, orderNumber: order.orderNumber, type: order.type, status: order.status, at: new Date().toISOString() };
      for (const write of streams) write(`event: order\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
      return event;
    },
    openStreams: () => streams.size,
  };
  installed.set(api, fakes);
  return fakes;
}
