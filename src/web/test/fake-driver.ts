import { mayBeOfferedTo } from '@/shared/access';
import { changeStatusInput, driverPositionInput, type Order } from '@/shared/contracts/orders';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import { completedDeliveriesQuery, driverAvailabilityInput, type CompletedDelivery, type DriverAvailability } from '@/shared/contracts/staff';
import { orderRefusals, trackingRefusals } from '@/shared/copy';
import { driverCopy } from '@/shared/staff-copy';
import { allowedTransitions, canAcceptDelivery, type OrderFacts } from '@/shared/order-status';
import { apiError, parse, passOn, Refusal, type FakeApi } from './fake-api';
import { actorOf, type FakeUser } from './fake-data';
import { orderFakes } from './fake-orders';

/** What a test does to the driver side of the fake beyond what the app asks of it. */
export interface DriverFakes {
  /** Puts a driver on or off shift, as the switch does. */
  setShift(profileId: string, available: boolean): void;
  isOnShift(profileId: string): boolean;
  /** The positions the app shared, in order. */
  positions: { orderId: string; latitude: number; longitude: number }[];
  /** Zones a device knows but the server's time-zone data does not (it may be older): refused at the field. */
  unknownZones: Set<string>;
}

const installed = new WeakMap<FakeApi, DriverFakes>();

export function driverFakes(api: FakeApi): DriverFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installDriverFakes was not called for this fake API');
  return fakes;
}

const MAX_CODE_ATTEMPTS = 5;
/** The server takes one position per order every 3 s; a faster one is refused with the seconds left. */
const POSITION_INTERVAL_MS = 3_000;
const stillDriven = ['confirmed', 'processing', 'ready', 'out_for_delivery'];

/** The calendar day an instant falls on in `timeZone`, as YYYY-MM-DD (en-CA writes dates so). */
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
/** The day `days` before a YYYY-MM-DD day. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const factsOf = (order: Order): OrderFacts => ({
  type: order.type,
  status: order.status,
  customerProfileId: '',
  warehouseId: order.warehouseId,
  kitchenId: order.cloudKitchenId,
  driverProfileId: order.driver?.profileId ?? null,
});

/**
 * The driver's endpoints over `api.data.orders`, as the server answers them: the shift switch,
 * accepting an offer (409 when taken or off shift), a driver's status moves with the delivery code
 * (wrong codes at the field, 429 past five), and positions while out for delivery (429 with
 * Retry-After within 3 s of the last one taken).
 */
export function installDriverFakes(api: FakeApi): DriverFakes {
  const shifts = new Map<string, DriverAvailability>();
  const codeAttempts = new Map<string, number>();
  const positionTakenAt = new Map<string, number>();

  const driverOrRefuse = () => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'driver') throw new Refusal(403, 'FORBIDDEN', orderRefusals.forbidden);
    return viewer;
  };
  const shiftOf = (profileId: string): DriverAvailability => shifts.get(profileId) ?? { available: false, changedAt: null };
  const find = (orderId: string) => api.data.orders.find((order) => order.id === orderId);
  /** An order the driver drives; any other is one they may not know of. */
  const ownDelivery = (viewer: FakeUser, orderId: string) => {
    const order = find(orderId);
    if (!order || order.driver?.profileId !== viewer.profile.id) throw new Refusal(404, 'NOT_FOUND', orderRefusals.notFound);
    return order;
  };

  api.define('GET /api/driver/availability', () => shiftOf(driverOrRefuse().profile.id));

  api.define('PUT /api/driver/availability', ({ body }) => {
    const viewer = driverOrRefuse();
    const { available } = parse(driverAvailabilityInput, body);
    const busy = api.data.orders.some((order) => order.driver?.profileId === viewer.profile.id && stillDriven.includes(order.status));
    if (!available && busy) throw new Refusal(409, 'ACTIVE_DELIVERY', driverCopy.refusals.activeDelivery);
    const shift = { available, changedAt: new Date().toISOString() };
    shifts.set(viewer.profile.id, shift);
    return shift;
  });

  // The driver's own delivered orders, newest delivery first, with only the city they went to; today
  // and the last 7 days counted in the zone asked for (the business's without one), as the server counts them.
  api.define('GET /api/driver/completed-deliveries', ({ query }) => {
    const viewer = driverOrRefuse();
    const asked = query.get('timeZone');
    if (asked !== null && fakes.unknownZones.has(asked)) {
      // As the query contract refuses a zone it does not know.
      const message = 'Use a time zone such as America/Chicago';
      throw new Refusal(400, 'VALIDATION_FAILED', message, { timeZone: message });
    }
    const { page, pageSize, timeZone = BUSINESS_TIME_ZONE } = parse(completedDeliveriesQuery, Object.fromEntries(query));
    const day = (at: Date) => dayIn(timeZone, at);
    const deliveries: CompletedDelivery[] = api.data.orders
      .filter((order) => order.driver?.profileId === viewer.profile.id)
      .flatMap((order) => {
        const delivered = order.events.find((event) => event.status === 'delivered');
        if (!delivered) return [];
        const { city, state } = order.address;
        const area = [city, state].filter(Boolean).join(', ');
        return [{ id: order.id, orderNumber: order.orderNumber, type: order.type, pickupName: order.source.name, area, deliveredAt: delivered.at, timeZone: order.timeZone, tip: order.totals.tip }];
      })
      .sort((a, b) => b.deliveredAt.localeCompare(a.deliveredAt));
    const today = day(new Date());
    const earnings = (from: string) => {
      const counted = deliveries.filter((delivery) => day(new Date(delivery.deliveredAt)) >= from);
      return { deliveries: counted.length, tips: counted.reduce((sum, delivery) => sum + delivery.tip, 0) };
    };
    const start = (page - 1) * pageSize;
    return {
      summary: { today: earnings(today), lastSevenDays: earnings(daysBefore(today, 6)), timeZone },
      deliveries: deliveries.slice(start, start + pageSize),
      total: deliveries.length,
      page,
      pageSize,
    };
  });

  api.define('POST /api/orders/:id/accept', ({ params }) => {
    const viewer = driverOrRefuse();
    const order = find(params.id!);
    if (!order || !mayBeOfferedTo(actorOf(viewer), { ...factsOf(order), driverProfileId: null })) throw new Refusal(404, 'NOT_FOUND', orderRefusals.notFound);
    if (order.driver?.profileId === viewer.profile.id) return order;
    if (order.driver) throw new Refusal(409, 'DELIVERY_TAKEN', driverCopy.refusals.offerTaken);
    if (!shiftOf(viewer.profile.id).available) throw new Refusal(409, 'OFF_SHIFT', driverCopy.refusals.offShift);
    if (!canAcceptDelivery({ viewer: actorOf(viewer), order: factsOf(order) })) throw new Refusal(409, 'DELIVERY_NOT_OFFERED', driverCopy.refusals.offerGone);
    order.driver = { profileId: viewer.profile.id, firstName: viewer.profile.firstName ?? '' };
    return order;
  });

  // Only a driver's own moves: the operators' moves belong to their own dashboards.
  api.define('POST /api/orders/:id/status', ({ params, body }) => {
    if (api.viewer?.profile.role !== 'driver') return passOn;
    const viewer = driverOrRefuse();
    const order = ownDelivery(viewer, params.id!);
    const input = parse(changeStatusInput, body);
    if (!allowedTransitions({ viewer: actorOf(viewer), order: factsOf(order) }).includes(input.status)) {
      throw new Refusal(409, 'STATUS_NOT_ALLOWED', orderRefusals.statusNotAllowed);
    }
    if (input.status === 'delivered') {
      if (!input.deliveryCode) throw new Refusal(400, 'VALIDATION_FAILED', orderRefusals.deliveryCodeRequired, { deliveryCode: orderRefusals.deliveryCodeRequired });
      const attempts = (codeAttempts.get(order.id) ?? 0) + 1;
      codeAttempts.set(order.id, attempts);
      if (attempts > MAX_CODE_ATTEMPTS) throw new Refusal(429, 'TOO_MANY_DELIVERY_CODES', driverCopy.refusals.tooManyCodes);
      if (input.deliveryCode !== order.deliveryCode) {
        throw new Refusal(400, 'DELIVERY_CODE_WRONG', orderRefusals.deliveryCodeWrong, { deliveryCode: orderRefusals.deliveryCodeWrong });
      }
    }
    orderFakes(api).changeStatus(order.id, input.status, input.note);
    return find(order.id);
  });

  api.define('POST /api/tracking/orders/:id/position', ({ params, body }) => {
    const viewer = driverOrRefuse();
    const order = ownDelivery(viewer, params.id!);
    if (order.status !== 'out_for_delivery') throw new Refusal(409, 'NOT_OUT_FOR_DELIVERY', trackingRefusals.notOutForDelivery);
    const position = parse(driverPositionInput, body);
    const since = Date.now() - (positionTakenAt.get(order.id) ?? -Infinity);
    if (since < POSITION_INTERVAL_MS) {
      const tooSoon = apiError(429, 'RATE_LIMITED', trackingRefusals.positionTooSoon);
      tooSoon.headers.set('retry-after', String(Math.max(1, Math.ceil((POSITION_INTERVAL_MS - since) / 1000))));
      return tooSoon;
    }
    positionTakenAt.set(order.id, Date.now());
    fakes.positions.push({ orderId: order.id, ...position });
    return orderFakes(api).moveDriver(order.id, position);
  });

  const fakes: DriverFakes = {
    setShift: (profileId, available) => void shifts.set(profileId, { available, changedAt: new Date().toISOString() }),
    isOnShift: (profileId) => shiftOf(profileId).available,
    positions: [],
    unknownZones: new Set(),
  };
  installed.set(api, fakes);
  return fakes;
}
