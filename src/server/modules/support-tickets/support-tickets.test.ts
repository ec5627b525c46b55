import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTicket, supportTicketPage, supportTicketReceipt, type SupportTicket, type SupportTicketPage, type SupportTicketReceipt } from '@/shared/contracts/support-tickets';
import { auditEntriesFor } from '../../test/audit-entries';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { TICKETS_PER_HOUR } from './send-support-ticket';

const form = { name: 'Gina Guest', email: 'gina@example.test', orderNumber: 'ORD-1234', topic: 'delivery', message: 'The driver left my bags at the wrong door.' };

describe.each(databaseKinds)('support tickets on %s', (kind) => {
  let t: TestApp;
  let support: Person;
  let customer: Person;
  let addresses = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { TRUST_PROXY: 'true' } });
    support = await signedInPerson(t, { role: 'support', firstName: 'Sam', lastName: 'Reyes' });
    customer = await signedInPerson(t, { role: 'customer', firstName: 'Cora', lastName: 'Lane' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A guest of their own, behind a client address nobody else uses. */
  function guest(): { client: TestClient; headers: Record<string, string> } {
    addresses += 1;
    return { client: t.client(), headers: { 'x-forwarded-for': `203.0.113.${addresses}` } };
  }

  async function send(sender: { client: TestClient; headers?: Record<string, string> }, body: Record<string, unknown> = form) {
    return sender.client.request('/api/support-tickets', { method: 'POST', json: body, headers: sender.headers });
  }

  async function ticketPage(query = ''): Promise<SupportTicketPage> {
    return supportTicketPage.parse(await expectJson(await support.client.request(`/api/support/tickets${query}`)));
  }

  it('takes a guest\'s message and shows it to support, newest first, with nobody linked', async () => {
    const receipt = supportTicketReceipt.parse(await expectJson<SupportTicketReceipt>(await send(guest()), 201));
    expect(receipt.reference).toMatch(/^T-[0-9A-F]{8}$/);
    const later = supportTicketReceipt.parse(await expectJson(await send(guest(), { ...form, name: 'Lou Later', orderNumber: undefined }), 201));

    const page = await ticketPage();
    expect(page.tickets.map((ticket) => ticket.id).slice(0, 2)).toEqual([later.id, receipt.id]);
    const ticket = supportTicket.parse(await expectJson<SupportTicket>(await support.client.request(`/api/support/tickets/${receipt.id}`)));
    expect(ticket).toMatchObject({ ...form, reference: receipt.reference, status: 'open', profileId: null, resolvedAt: null, resolvedByName: null });
    expect((await ticketPage(`?q=${later.reference}`)).tickets.map((entry) => entry.orderNumber)).toEqual(['']);
  });

  it('links the profile of a signed-in sender', async () => {
    const receipt = await expectJson<SupportTicketReceipt>(await send(customer, { ...form, topic: 'payments' }), 201);
    const ticket = await expectJson<SupportTicket>(await support.client.request(`/api/support/tickets/${receipt.id}`));
    expect(ticket).toMatchObject({ profileId: customer.profileId, topic: 'payments' });
  });

  it('refuses a bad form at its fields and writes nothing', async () => {
    const before = (await ticketPage()).total;
    const error = await expectError(
      await send(guest(), { name: ' ', email: 'not-an-email', topic: 'weather', message: 'short', orderNumber: 'x'.repeat(41) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'message', 'name', 'orderNumber', 'topic']);
    expect((await ticketPage()).total).toBe(before);
  });

  it('limits how many messages one address sends in an hour, without holding back anyone else', async () => {
    const sender = guest();
    for (let index = 0; index < TICKETS_PER_HOUR; index += 1) await expectJson(await send(sender), 201);
    const refused = await send(sender);
    await expectError(refused, 429, 'TOO_MANY_TICKETS');
    expect(refused.headers.get('retry-after')).toBe('3600');
    await expectJson(await send(guest()), 201);
  });

  it('searches and filters by status, and resolving is audited once', async () => {
    const receipt = await expectJson<SupportTicketReceipt>(await send(guest(), { ...form, email: 'needle@example.test' }), 201);
    expect((await ticketPage('?q=NEEDLE@example')).tickets.map((ticket) => ticket.id)).toEqual([receipt.id]);

    const resolved = await expectJson<SupportTicket>(await support.client.request(`/api/support/tickets/${receipt.id}/resolve`, { method: 'POST' }), 200);
    expect(resolved).toMatchObject({ status: 'resolved', resolvedByName: 'Sam Reyes', resolvedAt: expect.any(String) });
    await expectError(await support.client.request(`/api/support/tickets/${receipt.id}/resolve`, { method: 'POST' }), 409, 'TICKET_ALREADY_RESOLVED');

    expect((await ticketPage('?status=resolved')).tickets.map((ticket) => ticket.id)).toContain(receipt.id);
    expect((await ticketPage('?status=open')).tickets.map((ticket) => ticket.id)).not.toContain(receipt.id);
    const audit = await auditEntriesFor(t.database.db, receipt.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'ticket.resolved', actorProfileId: support.profileId, before: { status: 'open' }, after: { status: 'resolved' } });
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id or status', async () => {
    await expectError(await support.client.request('/api/support/tickets/00000000-0000-4000-8000-000000000000'), 404, 'TICKET_NOT_FOUND');
    await expectError(await support.client.request('/api/support/tickets/00000000-0000-4000-8000-000000000000/resolve', { method: 'POST' }), 404, 'TICKET_NOT_FOUND');
    await expectError(await support.client.request('/api/support/tickets/nope'), 400, 'VALIDATION_FAILED');
    await expectError(await support.client.request('/api/support/tickets?status=closed'), 400, 'VALIDATION_FAILED');
  });
});
