import type { CartItemInput, CartNotice } from '@/shared/contracts/cart';
import {
  cancelOrderInput,
  orderListQuery,
  ratingInput,
  returnRequestInput,
  staffStatuses,
  trackingLookupInput,
  type DriverPosition,
  type Order,
  type OrderEvent,
  type RatingSummary,
  type ReturnRequest,
  type TrackedPosition,
  type TrackingSnapshot,
} from '@/shared/contracts/orders';
import { canViewOrder } from '@/shared/access';
import { orderRefusals, trackingRefusals } from '@/shared/copy';
import { allowedTransitions, canAssignDriver, canTransition, isTerminalStatus, type OrderFacts, type OrderStatus } from '@/shared/order-status';
import { paidForUnits, refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import { parse, Refusal, type FakeApi } from './fake-api';
import { actorOf, testId, type FakeUser } from './fake-data';

const onTheWay: readonly OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery'];
const received: readonly OrderStatus[] = ['delivered', 'refund_requested', 'refunded', 'refund_rejected'];

/** Units are left that no refund took and no open request asks back (as `refundedQuantity` counts them here), and money to refund them. */
function hasReturnsLeft(order: Order): boolean {
  return order.refundableAmount > 0 && order.lines.some((line) => unitsLeftToReturn(line) > 0);
}

interface StoredRating {
  kind: 'products' | 'dishes';
  itemId: string;
  kitchenId: string | null;
  userId: string;
  author: string;
  stars: number;
  comment: string;
  at: string;
}

interface OpenStream {
  orderId: string;
  write(text: string): void;
  close(): void;
  error(reason: unknown): void;
}

/** What a test does to the orders side of the fake beyond what the app asks of it. */
export interface OrderFakes {
  /** Puts an order on a customer's account (appended to `api.data.orders`). */
  add(order: Order, customer: FakeUser): Order;
  /** The order as the signed-in member of staff reads it: with what they may do now, as the server works it out for them. */
  asStaffSees(order: Order): Order;
  /** Moves an order on, as staff would: the order changes, and every open stream of it gets the event. */
  changeStatus(orderId: string, status: OrderStatus, note?: string): OrderEvent;
  /** The driver's position reaches the order's open streams. */
  moveDriver(orderId: string, position: { latitude: number; longitude: number }): DriverPosition;
  /** Cuts every open stream of the order as a network drop does. */
  drop(orderId: string): void;
  /** How many streams of the order are open now. */
  openStreams(orderId: string): number;
  /** Ratings given so far, newest last. */
  ratings: StoredRating[];
  /** The customer who placed an order. */
  customerOf(order: Order): FakeUser | undefined;
}

const installed = new WeakMap<FakeApi, OrderFakes>();

/** The order fakes of an API that `installOrderFakes` set up. */
export function orderFakes(api: FakeApi): OrderFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installOrderFakes was not called for this fake API');
  return fakes;
}

/**
 * The orders, returns, ratings and tracking endpoints over `api.data.orders`, as the server answers
 * them: a customer sees only their own orders (another's is not found), actions follow the status
 * machine, refunds never exceed what is refundable, and each tracking stream starts with a snapshot
 * and replays the status events after `Last-Event-ID`.
 */
export function installOrderFakes(api: FakeApi): OrderFakes {
  const owners = new Map<string, string>();
  const positions = new Map<string, DriverPosition>();
  const streams = new Set<OpenStream>();
  const ratings: StoredRating[] = [];
  let nextId = 1;
  let nextEventId = 100_000;

  const notFound = () => new Refusal(404, 'NOT_FOUND', orderRefusals.notFound);
  const notAllowed = () => new Refusal(409, 'STATUS_NOT_ALLOWED', orderRefusals.statusNotAllowed);

  function ownerOf(order: Order): string | undefined {
    return owners.get(order.id);
  }

  // An order put into the data by other means (the checkout fake places one for whoever is signed in)
  // belongs to the customer signed in at that moment, as a placed order does.
  const orders = api.data.orders;
  orders.push = (...added: Order[]) => {
    for (const order of added) if (!owners.has(order.id) && api.viewer) owners.set(order.id, api.viewer.id);
    return Array.prototype.push.apply(orders, added);
  };

  function find(orderId: string): Order {
    const order = api.data.orders.find((candidate) => candidate.id === orderId);
    if (!order) throw notFound();
    return order;
  }

  function ownOrder(orderId: string): Order {
    const customer = api.customerOrRefuse();
    const order = api.data.orders.find((candidate) => candidate.id === orderId);
    if (!order || ownerOf(order) !== customer.id) throw notFound();
    return withActions(order);
  }

  function replace(next: Order): Order {
    const index = api.data.orders.findIndex((candidate) => candidate.id === next.id);
    api.data.orders[index] = withActions(next);
    return api.data.orders[index]!;
  }

  const factsOf = (order: Order): OrderFacts => ({
    type: order.type,
    status: order.status,
    customerProfileId: ownerOf(order) ?? '',
    warehouseId: order.warehouseId,
    kitchenId: order.cloudKitchenId,
    driverProfileId: order.driver?.profileId ?? null,
  });

  /** What the customer may do now, from the status machine (the server's `actions`). */
  function withActions(order: Order): Order {
    const returnable = (order.status === 'delivered' || order.status === 'refunded') && hasReturnsLeft(order);
    return {
      ...order,
      returnable,
      returnableAfterReview: order.status === 'refund_requested' && hasReturnsLeft(order),
      // As the Payment card says: items left to return, or the fees kept when every item came back.
      partlyRefunded: order.status === 'refunded' && order.payment.status === 'partially_refunded',
      actions: {
        ...order.actions,
        cancel: ['placed', 'confirmed', 'processing'].includes(order.status),
        reorder: true,
        requestReturn: returnable,
        rate: received.includes(order.status),
      },
    };
  }

  function send(orderId: string, text: string) {
    for (const stream of streams) if (stream.orderId === orderId) stream.write(text);
  }

  function endStreams(orderId: string, how: 'close' | 'error') {
    for (const stream of [...streams]) {
      if (stream.orderId !== orderId) continue;
      streams.delete(stream);
      if (how === 'close') stream.close();
      else stream.error(new TypeError('network error'));
    }
  }

  function snapshotOf(order: Order): TrackingSnapshot {
    return {
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        type: order.type,
        status: order.status,
        estimatedAt: order.delivery.estimatedAt,
        source: order.source,
        destination: { latitude: order.address.latitude, longitude: order.address.longitude },
        events: order.events,
        returnable: withActions(order).returnable,
        partlyRefunded: withActions(order).partlyRefunded,
      },
      position: order.status === 'out_for_delivery' ? trackedPositionOf(order.id) : null,
    };
  }

  /** The last position, with its age as the server tells it. */
  function trackedPositionOf(orderId: string): TrackedPosition | null {
    const position = positions.get(orderId);
    return position ? { ...position, ageSeconds: Math.max(0, Math.floor((Date.now() - Date.parse(position.at)) / 1000)) } : null;
  }

  const statusFrame = (orderId: string, event: OrderEvent) => `event: status\nid: ${event.id}\ndata: ${JSON.stringify({ ...event, orderId })}\n\n`;

  function record(order: Order, status: OrderStatus, actor: OrderEvent['actor'], note: string): OrderEvent {
    const event: OrderEvent = { id: String(nextEventId++), status, at: new Date().toISOString(), actor, note };
    const moved = replace({ ...order, status, events: [...order.events, event] });
    send(moved.id, statusFrame(moved.id, event));
    if (status === 'delivered' || isTerminalStatus(status)) {
      positions.delete(moved.id);
      endStreams(moved.id, 'close');
    }
    return event;
  }

  const fakes: OrderFakes = {
    ratings,
    customerOf: (order) => api.data.users.find((user) => user.id === owners.get(order.id)),
    add(order, customer) {
      if (!api.data.users.some((user) => user.id === customer.id)) api.data.users.push(customer);
      owners.set(order.id, customer.id);
      api.data.orders.push(withActions(order));
      return order;
    },
    asStaffSees(order) {
      const viewer = api.viewerOrRefuse();
      const actor = actorOf(viewer);
      const facts = factsOf(order);
      const staffMoves: readonly OrderStatus[] = staffStatuses;
      return {
        ...withActions(order),
        actions: {
          cancel: canTransition({ viewer: actor, order: facts, to: 'cancelled' }),
          reorder: false,
          requestReturn: false,
          rate: false,
          transitions: allowedTransitions({ viewer: actor, order: facts }).filter((status) => staffMoves.includes(status)),
          assignDriver: canAssignDriver({ viewer: actor, order: facts }),
        },
      };
    },
    changeStatus(orderId, status, note = '') {
      const order = find(orderId);
      const actor = status === 'out_for_delivery' || status === 'delivered' ? 'driver' : status === 'cancelled' ? 'support' : 'manager';
      return record(order, status, actor, note);
    },
    moveDriver(orderId, point) {
      const position = { ...point, at: new Date().toISOString() };
      positions.set(orderId, position);
      if (find(orderId).status === 'out_for_delivery') send(orderId, `event: position\ndata: ${JSON.stringify(position)}\n\n`);
      return position;
    },
    drop(orderId) {
      endStreams(orderId, 'error');
    },
    openStreams(orderId) {
      return [...streams].filter((stream) => stream.orderId === orderId).length;
    },
  };
  installed.set(api, fakes);

  api.define('GET /api/orders', ({ query }) => {
    const customer = api.customerOrRefuse();
    const input = parse(orderListQuery, Object.fromEntries(query));
    const mine = api.data.orders
      .filter((order) => ownerOf(order) === customer.id)
      .filter((order) => input.active !== 'true' || onTheWay.includes(order.status))
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt) || b.id.localeCompare(a.id));
    const start = input.cursor ? mine.findIndex((order) => order.id === input.cursor) + 1 : 0;
    if (input.cursor && start === 0) throw new Refusal(400, 'VALIDATION_FAILED', 'Unknown cursor', { cursor: 'Unknown cursor' });
    const page = mine.slice(start, start + input.limit);
    const more = start + input.limit < mine.length;
    return {
      orders: page.map(withActions).map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        type: order.type,
        status: order.status,
        totalAmount: order.totalAmount,
        placedAt: order.placedAt,
        itemCount: order.itemCount,
        sourceName: order.sourceName,
        timeZone: order.timeZone,
        returnable: order.returnable,
        returnableAfterReview: order.returnableAfterReview,
        partlyRefunded: order.partlyRefunded,
      })),
      nextCursor: more ? page.at(-1)!.id : null,
    };
  });

  // Support and admins see every order, other staff those the shared rules let them (a driver their own
  // deliveries, cancelled ones included), as the server lets them; to anyone else an order does not exist.
  api.define('GET /api/orders/:id', ({ params }) => {
    const viewer = api.viewer;
    if (!viewer || viewer.profile.role === 'customer') return ownOrder(params.id!);
    const order = find(params.id!);
    if (!canViewOrder({ viewer: actorOf(viewer), order: factsOf(order) })) throw notFound();
    return fakes.asStaffSees(order);
  });

  api.define('POST /api/orders/:id/cancel', ({ params, body }) => {
    const order = ownOrder(params.id!);
    const { reason } = parse(cancelOrderInput, body ?? {});
    if (!order.actions.cancel) throw notAllowed();
    record(order, 'cancelled', 'customer', reason);
    return replace({ ...find(order.id), payment: { ...order.payment, status: 'cancelled' } });
  });

  api.define('POST /api/orders/:id/reorder', ({ params }) => {
    const order = ownOrder(params.id!);
    const customer = api.customerOrRefuse();
    const skipped: CartNotice[] = [];
    for (const line of order.lines) {
      const input = reorderInput(order, line);
      try {
        api.fillCart(customer, [input]);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        skipped.push({ id: line.id, itemType: line.itemType, name: line.name, reason: error.message });
      }
    }
    return { cart: api.cartOf(customer), skipped };
  });

  api.define('POST /api/orders/:id/returns', ({ params, body }) => {
    const order = ownOrder(params.id!);
    const input = parse(returnRequestInput, body);
    if (!order.actions.requestReturn) throw notAllowed();
    const picked = input.lines.map((wanted, index) => {
      const line = order.lines.find((candidate) => candidate.id === wanted.orderLineId);
      if (!line) throw new Refusal(400, 'VALIDATION_FAILED', 'This item is not in the order.', { [`lines.${index}.orderLineId`]: 'This item is not in the order.' });
      const left = unitsLeftToReturn(line);
      if (wanted.quantity > left) {
        const message = `At most ${left} of ${line.name} can be returned.`;
        throw new Refusal(400, 'VALIDATION_FAILED', message, { [`lines.${index}.quantity`]: message });
      }
      return { line, units: wanted.quantity };
    });
    const amount = refundOfLines(picked, order.totals);
    if (amount > order.refundableAmount) throw new Refusal(409, 'REFUND_TOO_LARGE', orderRefusals.refundTooLarge);
    const request: ReturnRequest = {
      id: testId(32, nextId++),
      orderId: order.id,
      orderNumber: order.orderNumber,
      lines: picked.map(({ line, units }) => ({ orderLineId: line.id, name: line.name, quantity: units, amount: paidForUnits(line, units) })),
      reason: input.reason,
      photoUrl: input.photo ? `/api/returns/${testId(32, nextId - 1)}/photo` : null,
      amount,
      status: 'requested',
      refundedAmount: null,
      decisionNote: '',
      createdAt: new Date().toISOString(),
      timeZone: order.timeZone,
      decidedAt: null,
    };
    replace({
      ...order,
      lines: order.lines.map((line) => ({ ...line, refundedQuantity: line.refundedQuantity + (picked.find((pick) => pick.line.id === line.id)?.units ?? 0) })),
      returnRequests: [...order.returnRequests, request],
      refundableAmount: order.refundableAmount - amount,
    });
    record(find(order.id), 'refund_requested', 'customer', input.reason);
    return request;
  });

  api.define('PUT /api/ratings', ({ body }) => {
    const customer = api.customerOrRefuse();
    const input = parse(ratingInput, body);
    const order = ownOrder(input.orderId);
    const line = order.lines.find((candidate) => candidate.id === input.orderLineId);
    if (!line) throw notFound();
    if (!received.includes(order.status)) throw new Refusal(403, 'NOT_RECEIVED', orderRefusals.notReceived);
    const item = line.itemType === 'cloud_kitchen' ? { kind: 'dishes' as const, itemId: line.cloudKitchenProductId! } : line.productId ? { kind: 'products' as const, itemId: line.productId } : null;
    if (!item) throw new Refusal(400, 'NOT_RATEABLE', 'Bundles cannot be rated.');
    const rating: StoredRating = {
      ...item,
      kitchenId: order.cloudKitchenId,
      userId: customer.id,
      author: `${customer.profile.firstName ?? ''} ${customer.profile.lastName?.[0] ?? ''}.`.trim(),
      stars: input.stars,
      comment: input.comment,
      at: new Date().toISOString(),
    };
    const earlier = ratings.findIndex((candidate) => candidate.kind === item.kind && candidate.itemId === item.itemId && candidate.userId === customer.id);
    if (earlier >= 0) ratings.splice(earlier, 1);
    ratings.push(rating);
    for (const own of api.data.orders.filter((candidate) => ownerOf(candidate) === customer.id)) {
      replace({ ...own, lines: own.lines.map((other) => (sameItem(other, line) ? { ...other, rating: { stars: input.stars, comment: input.comment } } : other)) });
    }
    return summary(ratings.filter((candidate) => candidate.kind === item.kind && candidate.itemId === item.itemId));
  });

  function summary(list: StoredRating[]): RatingSummary {
    return {
      average: list.length ? Math.round((list.reduce((total, rating) => total + rating.stars, 0) / list.length) * 10) / 10 : null,
      count: list.length,
      recent: [...list]
        .reverse()
        .filter((rating) => rating.comment)
        .slice(0, 5)
        .map(({ stars, comment, author, at }) => ({ stars, comment, author, at })),
    };
  }

  api.define('GET /api/ratings/products/:id', ({ params }) => summary(ratings.filter((rating) => rating.kind === 'products' && rating.itemId === params.id)));
  api.define('GET /api/ratings/dishes/:id', ({ params }) => summary(ratings.filter((rating) => rating.kind === 'dishes' && rating.itemId === params.id)));
  api.define('GET /api/ratings/kitchens/:id', ({ params }) => summary(ratings.filter((rating) => rating.kitchenId === params.id)));

  api.define('GET /api/tracking/active', () => {
    const customer = api.customerOrRefuse();
    return api.data.orders
      .filter((order) => ownerOf(order) === customer.id && onTheWay.includes(order.status))
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt))
      .map(snapshotOf);
  });

  api.define('POST /api/tracking/lookup', ({ body }) => {
    const input = parse(trackingLookupInput, body);
    const order = api.data.orders.find((candidate) => candidate.orderNumber === input.orderNumber);
    const owner = order && api.data.users.find((user) => user.id === owners.get(order.id));
    if (!order || owner?.email.toLowerCase() !== input.email.toLowerCase()) {
      throw new Refusal(404, 'ORDER_NOT_FOUND', trackingRefusals.lookupNotFound);
    }
    return { snapshot: snapshotOf(order), token: `token-${order.id}` };
  });

  api.define('GET /api/tracking/orders/:id/stream', (request) => {
    const order = api.data.orders.find((candidate) => candidate.id === request.params.id);
    const token = request.query.get('token');
    const allowed = order && (token ? token === `token-${order.id}` : api.viewer && ownerOf(order) === api.viewer.id);
    if (!order || !allowed) throw notFound();
    const lastEventId = request.headers.get('last-event-id') ?? null;
    const encoder = new TextEncoder();
    let open: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const snapshot = snapshotOf(order);
        controller.enqueue(encoder.encode(`event: snapshot\nid: ${order.events.at(-1)?.id ?? ''}\ndata: ${JSON.stringify(snapshot)}\n\n`));
        // What was missed since the client's last event, as the server replays it from order_events.
        if (lastEventId) for (const event of order.events.filter((candidate) => Number(candidate.id) > Number(lastEventId))) controller.enqueue(encoder.encode(statusFrame(order.id, event)));
        if (order.status === 'delivered' || isTerminalStatus(order.status)) return controller.close();
        open = {
          orderId: order.id,
          write: (text) => controller.enqueue(encoder.encode(text)),
          close: () => controller.close(),
          error: (reason) => controller.error(reason),
        };
        streams.add(open);
      },
      cancel() {
        if (open) streams.delete(open);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  });

  return fakes;
}

function sameItem(a: Order['lines'][number], b: Order['lines'][number]) {
  return a.itemType === 'cloud_kitchen' ? a.cloudKitchenProductId === b.cloudKitchenProductId : a.productId !== null && a.productId === b.productId && b.itemType !== 'cloud_kitchen';
}

function reorderInput(order: Order, line: Order['lines'][number]): CartItemInput {
  const base = { quantity: line.quantity };
  switch (line.itemType) {
    case 'product':
      return { ...base, itemType: 'product', productId: line.productId!, warehouseId: order.warehouseId };
    case 'bundle':
      return { ...base, itemType: 'bundle', bundleId: line.bundleId!, warehouseId: order.warehouseId };
    case 'bogo':
      return { ...base, itemType: 'bogo', bogoOfferId: line.bogoOfferId!, warehouseId: order.warehouseId };
    case 'cloud_kitchen':
      return { ...base, itemType: 'cloud_kitchen', cloudKitchenProductId: line.cloudKitchenProductId! };
  }
}
