import {
  kitchenApplicationInput,
  kitchenApplicationQuery,
  kitchenDishInput,
  kitchenOpenInput,
  kitchenProfileInput,
  rejectKitchenApplicationInput,
  type KitchenDish,
  type KitchenProfile,
  type ReviewedKitchenApplication,
} from '@/shared/contracts/kitchen-operator';
import { changeStatusInput, declineOrderInput } from '@/shared/contracts/orders';
import { kitchenRefusals, orderCopy, orderRefusals } from '@/shared/copy';
import { allowedTransitions } from '@/shared/order-status';
import { parse, passOn, Refusal, type FakeApi } from './fake-api';
import { testId, type FakeUser } from './fake-data';

/** What tests set up and read of the kitchen operator's side of the fake. */
export interface KitchenOperatorFakes {
  applications: (ReviewedKitchenApplication & { profileId: string })[];
  /** The signed-in owner's kitchen, by kitchen id. */
  kitchens: Map<string, KitchenProfile>;
  dishes: Map<string, KitchenDish[]>;
}

const installed = new WeakMap<FakeApi, KitchenOperatorFakes>();

export function kitchenOperatorFakes(api: FakeApi): KitchenOperatorFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installKitchenOperatorFakes was not called for this fake API');
  return fakes;
}

function refuse(status: number, code: string, message: string): never {
  throw new Refusal(status, code, message);
}

/**
 * Kitchen applications, their review, and the owner's kitchen (profile, switch, menu, ratings) as
 * the server answers them; and a status move of a kitchen order by its owner.
 */
export function installKitchenOperatorFakes(api: FakeApi): KitchenOperatorFakes {
  const fakes: KitchenOperatorFakes = { applications: [], kitchens: new Map(), dishes: new Map() };
  let nextId = 1;
  const newId = () => `00000000-0000-4000-8000-${String(700_000 + nextId++).padStart(12, '0')}`;

  const role = (...roles: string[]): FakeUser => {
    const viewer = api.viewerOrRefuse();
    if (!roles.includes(viewer.profile.role)) refuse(403, 'FORBIDDEN', 'You do not have access to this.');
    return viewer;
  };
  const ownKitchen = () => {
    const kitchenId = role('cloud_kitchen').profile.kitchenIds[0];
    const kitchen = kitchenId ? fakes.kitchens.get(kitchenId) : undefined;
    if (!kitchen) refuse(404, 'NOT_FOUND', kitchenRefusals.noKitchen);
    return kitchen;
  };
  const public_ = ({ profileId: _profileId, applicant: _applicant, ...application }: KitchenOperatorFakes['applications'][number]) => application;

  api.define('GET /api/kitchen-applications/mine', () => {
    const viewer = api.viewerOrRefuse();
    const mine = fakes.applications.filter((application) => application.profileId === viewer.profile.id).at(-1);
    return { application: mine ? public_(mine) : null };
  });
  api.define('POST /api/kitchen-applications', ({ body }) => {
    const viewer = role('customer', 'cloud_kitchen');
    const input = parse(kitchenApplicationInput, body);
    if (fakes.applications.some((application) => application.profileId === viewer.profile.id && application.status === 'pending')) {
      refuse(409, 'APPLICATION_PENDING', kitchenRefusals.applicationPending);
    }
    const application = {
      ...input,
      id: newId(),
      profileId: viewer.profile.id,
      status: 'pending' as const,
      rejectionReason: null,
      submittedAt: new Date().toISOString(),
      decidedAt: null,
      kitchenId: null,
      applicant: { name: viewer.name, email: viewer.email },
    };
    fakes.applications.push(application);
    return new Response(JSON.stringify(public_(application)), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  api.define('GET /api/admin/kitchen-applications', ({ query }) => {
    role('admin');
    const filters = parse(kitchenApplicationQuery, Object.fromEntries(query));
    const rows = fakes.applications
      .filter((application) => !filters.status || application.status === filters.status)
      .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || a.submittedAt.localeCompare(b.submittedAt));
    const start = (filters.page - 1) * filters.pageSize;
    return { applications: rows.slice(start, start + filters.pageSize).map(({ profileId: _p, ...row }) => row), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });
  const pending = (id: string) => {
    role('admin');
    const application = fakes.applications.find((candidate) => candidate.id === id);
    if (!application) refuse(404, 'NOT_FOUND', kitchenRefusals.applicationNotFound);
    if (application.status !== 'pending') refuse(409, 'APPLICATION_ALREADY_DECIDED', kitchenRefusals.applicationAlreadyDecided);
    return application;
  };
  api.define('POST /api/admin/kitchen-applications/:id/approve', ({ params }) => {
    const application = pending(params.id!);
    Object.assign(application, { status: 'approved', decidedAt: new Date().toISOString(), kitchenId: newId() });
    return public_(application);
  });
  api.define('POST /api/admin/kitchen-applications/:id/reject', ({ params, body }) => {
    const application = pending(params.id!);
    const { reason } = parse(rejectKitchenApplicationInput, body);
    Object.assign(application, { status: 'rejected', decidedAt: new Date().toISOString(), rejectionReason: reason });
    return public_(application);
  });

  api.define('GET /api/kitchen/profile', () => ownKitchen());
  api.define('PUT /api/kitchen/profile', ({ body }) => {
    const kitchen = ownKitchen();
    Object.assign(kitchen, parse(kitchenProfileInput, body));
    return kitchen;
  });
  api.define('PUT /api/kitchen/open', ({ body }) => {
    const kitchen = ownKitchen();
    kitchen.isOpen = parse(kitchenOpenInput, body).isOpen;
    kitchen.openNow = kitchen.isOpen;
    return kitchen;
  });
  const dishesOf = () => {
    const kitchen = ownKitchen();
    if (!fakes.dishes.has(kitchen.id)) fakes.dishes.set(kitchen.id, []);
    return fakes.dishes.get(kitchen.id)!;
  };
  api.define('GET /api/kitchen/dishes', () => dishesOf());
  api.define('POST /api/kitchen/dishes', ({ body }) => {
    const dish = { ...parse(kitchenDishInput, body), id: newId() };
    dishesOf().push(dish);
    return new Response(JSON.stringify(dish), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  const ownDish = (id: string) => dishesOf().find((dish) => dish.id === id) ?? refuse(404, 'NOT_FOUND', kitchenRefusals.dishNotFound);
  api.define('PUT /api/kitchen/dishes/:id', ({ params, body }) => Object.assign(ownDish(params.id!), parse(kitchenDishInput, body)));
  api.define('DELETE /api/kitchen/dishes/:id', ({ params }) => {
    const dishes = dishesOf();
    dishes.splice(dishes.indexOf(ownDish(params.id!)), 1);
    return new Response(null, { status: 204 });
  });
  api.define('GET /api/kitchen/ratings', () => {
    ownKitchen();
    return { average: null, count: 0, recent: [] };
  });

  // A kitchen order moved on by its kitchen's owner, as the server's status machine allows; other staff's moves are faked by their areas.
  api.define('POST /api/orders/:id/status', ({ params, body }) => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.kitchenIds.length === 0) return passOn;
    const order = api.data.orders.find((candidate) => candidate.id === params.id);
    if (!order || !order.cloudKitchenId || !viewer.profile.kitchenIds.includes(order.cloudKitchenId)) refuse(404, 'NOT_FOUND', 'Order not found.');
    const { status } = parse(changeStatusInput, body);
    const facts = { type: order.type, status: order.status, customerProfileId: '', warehouseId: order.warehouseId, kitchenId: order.cloudKitchenId, driverProfileId: null };
    if (!allowedTransitions({ viewer: { ...viewer.profile, profileId: viewer.profile.id }, order: facts }).includes(status)) {
      refuse(409, 'INVALID_TRANSITION', 'This order cannot move to that status now.');
    }
    order.status = status;
    return order;
  });

  // Its kitchen turns down a new order: cancelled by the kitchen with the customer's words for why, the
  // delivery payment no longer due, a card payment refunded in full.
  api.define('POST /api/orders/:id/decline', ({ params, body }) => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'cloud_kitchen') refuse(403, 'FORBIDDEN', 'You do not have access to this.');
    const order = api.data.orders.find((candidate) => candidate.id === params.id);
    if (!order || !order.cloudKitchenId || !viewer.profile.kitchenIds.includes(order.cloudKitchenId)) refuse(404, 'NOT_FOUND', orderRefusals.notFound);
    const { reason, details } = parse(declineOrderInput, body);
    if (order.status !== 'placed') refuse(409, 'NOT_DECLINABLE', orderRefusals.notDeclinable);
    const at = new Date().toISOString();
    const note = orderCopy.declined.note(reason, details);
    order.status = 'cancelled';
    order.events = [...order.events, { id: String(600_000 + order.events.length), status: 'cancelled', at, actor: 'cloud_kitchen', note }];
    if (order.payment.method === 'card' && order.payment.status === 'paid') {
      order.payment = { ...order.payment, status: 'refunded', refundedAmount: order.totalAmount };
      order.refunds = [...order.refunds, { id: testId(43, order.refunds.length + 1), amount: order.totalAmount, kind: 'full', reason: note, status: 'succeeded', at }];
    } else {
      order.payment = { ...order.payment, status: 'cancelled' };
    }
    return order;
  });

  installed.set(api, fakes);
  return fakes;
}
