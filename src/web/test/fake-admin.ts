import { adminOverviewQuery, adminUsersQuery, changeRoleInput, type AdminOverview, type AdminUser } from '@/shared/contracts/admin';
import { refundInput, type Order } from '@/shared/contracts/orders';
import { auditQuery, type AuditEntry } from '@/shared/contracts/staff';
import { orderRefusals } from '@/shared/copy';
import { refundOfLines, unitsLeftToReturn } from '@/shared/returned-units';
import { adminCopy, auditCopy } from '@/shared/staff-copy';
import { parse, Refusal, type FakeApi } from './fake-api';
import type { FakeUser } from './fake-data';

/** What a test reads of the admin side of the fake. */
export interface AdminFakes {
  audit: AuditEntry[];
  /** When each deactivated account was deactivated, by profile id. */
  deactivated: Map<string, string>;
}

const installed = new WeakMap<FakeApi, AdminFakes>();

export function adminFakes(api: FakeApi): AdminFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installAdminFakes was not called for this fake API');
  return fakes;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The admin's overview, users and audit log, and staff refunds, over the fake's data: admins only
 * (refunds: support too), an admin never changes their own account, refunds never exceed what is
 * refundable and are priced as the server prices them.
 */
export function installAdminFakes(api: FakeApi): AdminFakes {
  const fakes: AdminFakes = { audit: [], deactivated: new Map() };
  installed.set(api, fakes);
  let nextId = 1;
  const newId = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

  function adminOrRefuse(): FakeUser {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', 'This request is not allowed.');
    return viewer;
  }

  function audit(actor: FakeUser, entry: Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'summary' | 'before' | 'after'>) {
    fakes.audit.unshift({ id: newId(), at: new Date().toISOString(), actor: { profileId: actor.profile.id, email: actor.email, role: actor.profile.role }, ...entry });
  }

  function asAdminUser(user: FakeUser): AdminUser {
    return {
      profileId: user.profile.id,
      email: user.email,
      name: user.name,
      role: user.profile.role,
      warehouses: api.data.warehouses.filter((warehouse) => user.profile.warehouseIds.includes(warehouse.id)).map(({ id, name }) => ({ id, name })),
      createdAt: '2026-11-01T12:00:00.000Z',
      deactivatedAt: fakes.deactivated.get(user.profile.id) ?? null,
    };
  }

  function otherUser(viewer: FakeUser, profileId: string): FakeUser {
    if (profileId === viewer.profile.id) throw new Refusal(409, 'NOT_YOURSELF', adminCopy.userRefusals.notYourself);
    const user = api.data.users.find((candidate) => candidate.profile.id === profileId);
    if (!user) throw new Refusal(404, 'NOT_FOUND', adminCopy.userRefusals.notFound);
    return user;
  }

  api.define('GET /api/admin/overview', ({ query }) => {
    adminOrRefuse();
    const { days } = parse(adminOverviewQuery, Object.fromEntries(query));
    const today = new Date();
    const perDay = Array.from({ length: days }, (_, index) => {
      const name = day(new Date(today.getTime() - (days - 1 - index) * 86_400_000).toISOString());
      const placed = api.data.orders.filter((order) => day(order.placedAt) === name);
      const sold = placed.filter((order) => order.status !== 'cancelled');
      return { day: name, orders: placed.length, revenue: sold.reduce((sum, order) => sum + order.totalAmount, 0), newCustomers: 0 };
    });
    const counted = api.data.orders.filter((order) => day(order.placedAt) >= perDay[0]!.day);
    const byStatus = new Map<Order['status'], number>();
    for (const order of counted) byStatus.set(order.status, (byStatus.get(order.status) ?? 0) + 1);
    const products = new Map<string, { id: string; name: string; units: number; revenue: number }>();
    for (const line of counted.filter((order) => order.status !== 'cancelled').flatMap((order) => order.lines)) {
      if (!line.productId) continue;
      const entry = products.get(line.productId) ?? { id: line.productId, name: line.name, units: 0, revenue: 0 };
      products.set(line.productId, { ...entry, units: entry.units + line.quantity, revenue: entry.revenue + line.quantity * line.unitPrice });
    }
    const refunds = counted.flatMap((order) => order.refunds).filter((refund) => refund.status !== 'failed');
    const overview: AdminOverview = {
      days,
      timeZone: 'America/Chicago',
      from: perDay[0]!.day,
      to: perDay.at(-1)!.day,
      perDay,
      totals: { orders: counted.length, revenue: perDay.reduce((sum, entry) => sum + entry.revenue, 0), newCustomers: 0 },
      byStatus: [...byStatus].map(([status, orders]) => ({ status, orders })),
      topProducts: [...products.values()].sort((a, b) => b.revenue - a.revenue).slice(0, 5),
      topKitchens: [],
      refunds: { count: refunds.length, amount: refunds.reduce((sum, refund) => sum + refund.amount, 0) },
    };
    return overview;
  });

  api.define('GET /api/admin/users', ({ query }) => {
    adminOrRefuse();
    const filters = parse(adminUsersQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const users = api.data.users
      .filter((user) => !filters.role || user.profile.role === filters.role)
      .filter((user) => !needle || user.email.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle))
      .sort((a, b) => a.email.localeCompare(b.email));
    const start = (filters.page - 1) * filters.pageSize;
    return { users: users.slice(start, start + filters.pageSize).map(asAdminUser), total: users.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('POST /api/admin/users/:id/role', ({ params, body }) => {
    const viewer = adminOrRefuse();
    const user = otherUser(viewer, params.id!);
    const input = parse(changeRoleInput, body);
    const before = { role: user.profile.role, warehouseIds: user.profile.warehouseIds };
    const warehouseIds = input.role === 'manager' || input.role === 'driver' ? input.warehouseIds : [];
    user.profile = { ...user.profile, role: input.role, warehouseIds };
    audit(viewer, {
      action: 'user.role_changed',
      entityType: 'user',
      entityId: user.profile.id,
      summary: auditCopy.users.roleChanged(user.email, before.role, input.role),
      before,
      after: { role: input.role, warehouseIds },
    });
    return asAdminUser(user);
  });

  api.define('POST /api/admin/users/:id/deactivate', ({ params }) => {
    const viewer = adminOrRefuse();
    const user = otherUser(viewer, params.id!);
    if (!fakes.deactivated.has(user.profile.id)) {
      const at = new Date().toISOString();
      fakes.deactivated.set(user.profile.id, at);
      audit(viewer, { action: 'user.deactivated', entityType: 'user', entityId: user.profile.id, summary: auditCopy.users.deactivated(user.email), before: { deactivatedAt: null }, after: { deactivatedAt: at } });
    }
    return asAdminUser(user);
  });

  api.define('POST /api/admin/users/:id/reactivate', ({ params }) => {
    const viewer = adminOrRefuse();
    const user = otherUser(viewer, params.id!);
    const at = fakes.deactivated.get(user.profile.id);
    if (at) {
      fakes.deactivated.delete(user.profile.id);
      audit(viewer, { action: 'user.reactivated', entityType: 'user', entityId: user.profile.id, summary: auditCopy.users.reactivated(user.email), before: { deactivatedAt: at }, after: { deactivatedAt: null } });
    }
    return asAdminUser(user);
  });

  api.define('GET /api/admin/audit', ({ query }) => {
    adminOrRefuse();
    const filters = parse(auditQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const entries = fakes.audit
      .filter((entry) => !filters.entityType || entry.entityType === filters.entityType)
      .filter((entry) => !needle || [entry.actor.email, entry.action, entry.summary, entry.entityId].some((text) => text.toLowerCase().includes(needle)));
    const start = (filters.page - 1) * filters.pageSize;
    return { entries: entries.slice(start, start + filters.pageSize), total: entries.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('POST /api/orders/:id/refunds', ({ params, body }) => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'admin' && viewer.profile.role !== 'support') throw new Refusal(403, 'FORBIDDEN', orderRefusals.forbidden);
    const index = api.data.orders.findIndex((order) => order.id === params.id);
    if (index < 0) throw new Refusal(404, 'NOT_FOUND', orderRefusals.notFound);
    const order = api.data.orders[index]!;
    const input = parse(refundInput, body);
    const refunded = new Map<string, number>();
    let amount: number;
    if (input.kind === 'goodwill') amount = input.amount;
    else if (input.kind === 'full') {
      amount = order.refundableAmount;
      for (const line of order.lines) refunded.set(line.id, unitsLeftToReturn(line));
    } else {
      const picked = input.lines.map((entry, position) => {
        const line = order.lines.find((candidate) => candidate.id === entry.orderLineId);
        if (!line) throw new Refusal(400, 'VALIDATION_FAILED', orderRefusals.returnLineUnknown, { [`lines.${position}.orderLineId`]: orderRefusals.returnLineUnknown });
        if (entry.quantity > unitsLeftToReturn(line)) {
          throw new Refusal(400, 'VALIDATION_FAILED', orderRefusals.refundQuantityTooHigh, { [`lines.${position}.quantity`]: orderRefusals.refundQuantityTooHigh });
        }
        refunded.set(line.id, entry.quantity);
        return { line, units: entry.quantity };
      });
      amount = refundOfLines(picked, order.totals);
    }
    if (amount <= 0 || amount > order.refundableAmount) {
      throw new Refusal(409, 'REFUND_TOO_LARGE', orderRefusals.refundTooLarge, { [input.kind === 'line' ? 'lines' : 'amount']: orderRefusals.refundTooLarge });
    }
    const updated: Order = {
      ...order,
      lines: order.lines.map((line) => ({ ...line, refundedQuantity: line.refundedQuantity + (refunded.get(line.id) ?? 0) })),
      refunds: [...order.refunds, { id: newId(), amount, kind: input.kind, reason: input.reason, status: 'succeeded', at: new Date().toISOString() }],
      refundableAmount: order.refundableAmount - amount,
      payment: {
        ...order.payment,
        refundedAmount: order.payment.refundedAmount + amount,
        status: order.payment.refundedAmount + amount >= order.totalAmount ? 'refunded' : 'partially_refunded',
      },
    };
    api.data.orders[index] = updated;
    return new Response(JSON.stringify(updated), { status: 201, headers: { 'content-type': 'application/json' } });
  });

  return fakes;
}
