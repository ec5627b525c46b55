import { returnDecisionInput, returnQueueQuery, type Order, type ReturnQueueEntry } from '@/shared/contracts/orders';
import { adminWarehouseInput, adminWarehouseQuery, staffCandidateQuery, type AdminWarehouse, type WarehouseStaffMember } from '@/shared/contracts/locations';
import { orderNotes, orderRefusals, supportCopy, warehouseAdminCopy } from '@/shared/copy';
import { parse, Refusal, type FakeApi } from './fake-api';
import { refundedBy, testId, type FakeUser } from './fake-data';

/** What a test does to the support and warehouse side of the fake beyond what the app asks of it. */
export interface SupportFakes {
  /** The admin's warehouses, as stored. */
  warehouses: AdminWarehouse[];
  /** Managers and drivers the admin may assign. */
  staffCandidates: WarehouseStaffMember[];
}

const installed = new WeakMap<FakeApi, SupportFakes>();

export function supportFakes(api: FakeApi): SupportFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installSupportFakes was not called for this fake API');
  return fakes;
}

function requireRole(api: FakeApi, ...roles: string[]): FakeUser {
  const viewer = api.viewerOrRefuse();
  if (!roles.includes(viewer.profile.role)) throw new Refusal(403, 'FORBIDDEN', orderRefusals.forbidden);
  return viewer;
}

/**
 * GET /api/returns and POST /api/returns/:id/decision over the return requests of `api.data.orders`,
 * and /api/admin/warehouses over `warehouses`, as the server answers them: newest first, searched
 * and paged; an approval at most what was asked and what the payment has left, a rejection with a
 * reason; warehouses checked with the API's own schema, placed at the fake's one ZIP when no
 * coordinates are given.
 */
export function installSupportFakes(api: FakeApi, customerOf: (order: Order) => FakeUser | undefined): SupportFakes {
  let nextId = 1;
  const fakes: SupportFakes = { warehouses: [], staffCandidates: [] };

  api.define('GET /api/returns', ({ query }) => {
    requireRole(api, 'support', 'admin');
    const filters = parse(returnQueueQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const entries: ReturnQueueEntry[] = api.data.orders.flatMap((order) => {
      const customer = customerOf(order);
      return order.returnRequests.map((request) => ({
        ...request,
        customer: { profileId: customer?.profile.id ?? order.id, name: customer?.name ?? 'Customer', email: customer?.email ?? '' },
        maxRefund: request.status === 'requested' ? Math.min(request.amount, order.refundableAmount + request.amount) : 0,
      }));
    });
    const rows = entries
      .filter((entry) => !filters.status || entry.status === filters.status)
      .filter((entry) => !needle || [entry.orderNumber, entry.customer.email, entry.customer.name].some((value) => value.toLowerCase().includes(needle)))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const start = (filters.page - 1) * filters.pageSize;
    return { returns: rows.slice(start, start + filters.pageSize), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('POST /api/returns/:id/decision', ({ params, body }) => {
    requireRole(api, 'support');
    const input = parse(returnDecisionInput, body);
    const index = api.data.orders.findIndex((order) => order.returnRequests.some((request) => request.id === params.id));
    if (index < 0) throw new Refusal(404, 'NOT_FOUND', orderRefusals.returnNotFound);
    const order = api.data.orders[index]!;
    const request = order.returnRequests.find((candidate) => candidate.id === params.id)!;
    if (request.status !== 'requested') throw new Refusal(409, 'RETURN_ALREADY_DECIDED', orderRefusals.returnAlreadyDecided);
    const approved = input.decision === 'approve';
    const amount = approved ? (input.amount ?? request.amount) : null;
    if (amount !== null && amount > request.amount) {
      throw new Refusal(400, 'VALIDATION_FAILED', supportCopy.refusals.amountAboveRequest, { amount: supportCopy.refusals.amountAboveRequest });
    }
    const at = new Date().toISOString();
    const decided = { ...request, status: approved ? ('approved' as const) : ('rejected' as const), refundedAmount: amount, decisionNote: input.note, decidedAt: at };
    api.data.orders[index] = {
      ...order,
      status: approved ? 'refunded' : 'refund_rejected',
      // The request's amount was held back from what is refundable; what was not refunded is free again.
      refundableAmount: order.refundableAmount + request.amount - (amount ?? 0),
      payment: amount === null ? order.payment : refundedBy(order, amount).payment,
      refunds: amount === null ? order.refunds : [...order.refunds, { id: testId(33, nextId++), amount, kind: 'line', reason: input.note || orderNotes.returnApproved, status: 'succeeded', at }],
      returnRequests: order.returnRequests.map((candidate) => (candidate.id === request.id ? decided : candidate)),
      events: [...order.events, { id: String(700_000 + nextId++), status: approved ? 'refunded' : 'refund_rejected', at, actor: 'support', note: input.note }],
    };
    return decided;
  });

  api.define('GET /api/admin/warehouses', ({ query }) => {
    requireRole(api, 'admin');
    const filters = parse(adminWarehouseQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const rows = fakes.warehouses
      .filter((warehouse) => !needle || [warehouse.name, warehouse.streetAddress, warehouse.city, warehouse.zipCode].some((value) => value.toLowerCase().includes(needle)))
      .sort((a, b) => a.name.localeCompare(b.name));
    const start = (filters.page - 1) * filters.pageSize;
    return { warehouses: rows.slice(start, start + filters.pageSize), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('GET /api/admin/warehouses/staff-candidates', ({ query }) => {
    requireRole(api, 'admin');
    const needle = parse(staffCandidateQuery, Object.fromEntries(query)).q?.toLowerCase() ?? '';
    return fakes.staffCandidates.filter((person) => `${person.name} ${person.email}`.toLowerCase().includes(needle));
  });

  function save(body: unknown, id: string): AdminWarehouse {
    const input = parse(adminWarehouseInput, body);
    if (fakes.warehouses.some((warehouse) => warehouse.id !== id && warehouse.name.toLowerCase() === input.name.toLowerCase())) {
      throw new Refusal(409, 'CONFLICT', warehouseAdminCopy.refusals.nameTaken, { name: warehouseAdminCopy.refusals.nameTaken });
    }
    // The fake geocoder knows one ZIP code, downtown Austin's.
    const place = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : input.zipCode === '78701' ? { latitude: 30.27, longitude: -97.74 } : null;
    if (!place) throw new Refusal(400, 'VALIDATION_FAILED', warehouseAdminCopy.refusals.notPlaced, { streetAddress: warehouseAdminCopy.refusals.notPlaced });
    const staff = input.staff.map((member) => fakes.staffCandidates.find((person) => person.profileId === member.profileId && person.role === member.role)!);
    const { latitude: _latitude, longitude: _longitude, staff: _staff, ...settings } = input;
    return { id, ...settings, ...place, staff };
  }

  api.define('POST /api/admin/warehouses', ({ body }) => {
    requireRole(api, 'admin');
    const saved = save(body, testId(34, nextId++));
    fakes.warehouses.push(saved);
    return new Response(JSON.stringify(saved), { status: 201, headers: { 'content-type': 'application/json' } });
  });

  api.define('PUT /api/admin/warehouses/:id', ({ params, body }) => {
    requireRole(api, 'admin');
    const index = fakes.warehouses.findIndex((warehouse) => warehouse.id === params.id);
    if (index < 0) throw new Refusal(404, 'NOT_FOUND', warehouseAdminCopy.refusals.notFound);
    fakes.warehouses[index] = save(body, params.id!);
    return fakes.warehouses[index];
  });

  installed.set(api, fakes);
  return fakes;
}
