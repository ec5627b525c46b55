import { supportTicketInput, supportTicketQuery, type SupportTicket } from '@/shared/contracts/support-tickets';
import type { DiagnosticsReport } from '@/shared/contracts/diagnostics';
import { supportTicketCopy } from '@/shared/copy';
import { json, parse, Refusal, type FakeApi } from './fake-api';
import { testId, type FakeUser } from './fake-data';
import { orderFakes } from './fake-orders';

/** What a test does to the info pages' endpoints beyond what the app asks of them. */
export interface InfoPageFakes {
  /** The tickets as stored, newest last. */
  tickets: SupportTicket[];
  /** The report the diagnostics answer (every check passing unless a test changes it). */
  diagnostics: DiagnosticsReport;
}

const installed = new WeakMap<FakeApi, InfoPageFakes>();

export function infoPageFakes(api: FakeApi): InfoPageFakes {
  const fakes = installed.get(api);
  if (!fakes) throw new Error('installInfoPageFakes was not called for this fake API');
  return fakes;
}

/** A ticket from a guest, for tests to change. */
export function aTicket(index: number, overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: testId(70, index),
    reference: `T-0000000${index}`,
    name: `Gina Guest ${index}`,
    email: `gina${index}@example.test`,
    orderNumber: '',
    topic: 'delivery',
    message: 'The driver left my bags at the wrong door.',
    status: 'open',
    profileId: null,
    createdAt: new Date(Date.UTC(2026, 10, 20, 15, index)).toISOString(),
    resolvedAt: null,
    resolvedByName: null,
    ...overrides,
  };
}

/**
 * The contact form's tickets (sent by anyone, a signed-in sender linked; listed newest first, searched,
 * filtered, read and resolved by support and admins), the customer's own return requests, and the
 * admin diagnostics, as the server answers them.
 */
export function installInfoPageFakes(api: FakeApi): InfoPageFakes {
  let nextId = 1;
  const fakes: InfoPageFakes = {
    tickets: [],
    diagnostics: {
      ok: true,
      checkedAt: new Date(Date.UTC(2026, 10, 20, 15, 0)).toISOString(),
      checks: [
        { name: 'Database', status: 'pass', detail: 'pglite, PostgreSQL 17.4', durationMs: 3 },
        { name: 'Storage', status: 'pass', detail: 'Wrote and read back a file: local disk', durationMs: 2 },
        { name: 'AI assistant', status: 'pass', detail: 'Built-in assistant (no AI provider configured)', durationMs: 0 },
        { name: 'Payments', status: 'pass', detail: 'Pay on delivery only (card payments are not configured)', durationMs: 0 },
      ],
    },
  };
  installed.set(api, fakes);

  function staff(): FakeUser {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'support' && viewer.profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', supportTicketCopy.refusals.forbidden);
    return viewer;
  }

  function find(id: string | undefined): SupportTicket {
    const ticket = fakes.tickets.find((candidate) => candidate.id === id);
    if (!ticket) throw new Refusal(404, 'TICKET_NOT_FOUND', supportTicketCopy.refusals.notFound);
    return ticket;
  }

  api.define('POST /api/support-tickets', ({ body }) => {
    const input = parse(supportTicketInput, body);
    const id = testId(71, nextId++);
    const ticket: SupportTicket = {
      ...input,
      id,
      reference: `T-${id.slice(-8).toUpperCase()}`,
      status: 'open',
      profileId: api.viewer?.profile.id ?? null,
      createdAt: new Date().toISOString(),
      resolvedAt: null,
      resolvedByName: null,
    };
    fakes.tickets.push(ticket);
    return json({ id, reference: ticket.reference, createdAt: ticket.createdAt }, 201);
  });

  api.define('GET /api/support/tickets', ({ query }) => {
    staff();
    const filters = parse(supportTicketQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const rows = fakes.tickets
      .filter((ticket) => !filters.status || ticket.status === filters.status)
      .filter((ticket) => !needle || [ticket.reference, ticket.email, ticket.name, ticket.orderNumber].some((value) => value.toLowerCase().includes(needle)))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const start = (filters.page - 1) * filters.pageSize;
    return { tickets: rows.slice(start, start + filters.pageSize), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });

  api.define('GET /api/support/tickets/:id', ({ params }) => {
    staff();
    return find(params.id);
  });

  api.define('POST /api/support/tickets/:id/resolve', ({ params }) => {
    const viewer = staff();
    const ticket = find(params.id);
    if (ticket.status === 'resolved') throw new Refusal(409, 'TICKET_ALREADY_RESOLVED', supportTicketCopy.refusals.alreadyResolved);
    const resolved: SupportTicket = { ...ticket, status: 'resolved', resolvedAt: new Date().toISOString(), resolvedByName: viewer.profile.firstName ?? viewer.name };
    fakes.tickets[fakes.tickets.indexOf(ticket)] = resolved;
    return resolved;
  });

  api.define('GET /api/returns/mine', () => {
    const customer = api.customerOrRefuse();
    const requests = api.data.orders.filter((order) => orderFakes(api).customerOf(order)?.id === customer.id).flatMap((order) => order.returnRequests);
    return { returns: requests.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
  });

  api.define('GET /api/admin/diagnostics', () => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', 'You do not have access to this.');
    return fakes.diagnostics;
  });

  return fakes;
}
