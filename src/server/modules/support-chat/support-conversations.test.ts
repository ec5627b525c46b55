import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessage,
  supportConversationDetail,
  supportConversationPage,
  supportConversationSummary,
  type ChatMessage,
  type SupportConversationDetail,
  type SupportConversationPage,
} from '@/shared/contracts/support-chat';
import { createAccount } from '../../db/seed/factories';
import { pubsubOf } from '../../lib/pubsub';
import { auditEntriesFor } from '../../test/audit-entries';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createConversation } from '../../test/conversation-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { readEventStream, type EventStreamReader } from '../../test/event-stream-reader';
import { createOrder, createOrderPeople, signedInPerson, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { CHAT_EVENTS_CHANNEL, type ChatEventMessage } from './conversation-records';

describe.each(databaseKinds)('support conversations on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  let otherSupport: Person;
  const readers: EventStreamReader[] = [];
  const leaves: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
    otherSupport = await signedInPerson(t, { role: 'support', firstName: 'Sam', lastName: 'Reyes' });
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    for (const leave of leaves) await leave();
    await t?.close();
  });

  /** A customer of their own: a customer has one open conversation at a time. */
  let customers = 0;
  async function newCustomer(firstName = 'Cora') {
    customers += 1;
    const { profile } = await createAccount({
      db: t.database.db,
      auth: t.deps.auth,
      account: { email: uniqueEmail(`chat${customers}`), password: testPassword, firstName, lastName: `Lane${customers}` },
    });
    return profile;
  }

  async function escalated(options: { summary?: string; at?: Date; firstName?: string } = {}) {
    const customer = await newCustomer(options.firstName);
    const { id } = await createConversation(t.database.db, {
      customerProfileId: customer.id,
      messages: [
        { author: 'user', content: 'My order is late' },
        { author: 'assistant', content: 'It is on its way.' },
        { author: 'user', content: 'I want to talk to a person' },
      ],
      escalate: { summary: options.summary ?? 'Late order, wants a person', at: options.at },
    });
    return { id, customer };
  }

  const queue = async (who: Person, query = ''): Promise<SupportConversationPage> =>
    supportConversationPage.parse(await expectJson(await who.client.request(`/api/support/conversations${query}`), 200));
  const detail = async (who: Person, id: string): Promise<SupportConversationDetail> =>
    supportConversationDetail.parse(await expectJson(await who.client.request(`/api/support/conversations/${id}`), 200));
  const post = (who: Person, path: string, json?: unknown) =>
    who.client.request(`/api/support/conversations${path}`, { method: 'POST', ...(json === undefined ? {} : { json }) });

  it('lists the escalated conversations only, the longest waiting first, with the customer, and pages', async () => {
    const now = Date.now();
    const second = await escalated({ at: new Date(now - 60_000), summary: 'Second in line' });
    const first = await escalated({ at: new Date(now - 120_000), summary: 'First in line' });
    const third = await escalated({ at: new Date(now - 30_000), summary: 'Third in line' });
    const withAssistant = await newCustomer();
    const quiet = await createConversation(t.database.db, { customerProfileId: withAssistant.id, messages: [{ author: 'user', content: 'Hi' }] });

    const page = await queue(people.support, '?pageSize=100');
    const ids = page.items.map((item) => item.id);
    expect(ids).not.toContain(quiet.id);
    const mine = ids.filter((id) => [first.id, second.id, third.id].includes(id));
    expect(mine).toEqual([first.id, second.id, third.id]);
    const top = page.items.find((item) => item.id === first.id)!;
    expect(top).toMatchObject({
      status: 'escalated',
      summary: 'First in line',
      lastMessage: 'I want to talk to a person',
      agent: null,
      customer: { profileId: first.customer.id, name: `Cora ${first.customer.lastName}` },
    });
    expect(top.customer.email).toMatch(/@/);
    expect(page.total).toBe(page.items.length);

    const one = await queue(people.admin, '?pageSize=1');
    const two = await queue(people.admin, '?pageSize=1&page=2');
    expect(one.total).toBe(page.total);
    expect([...one.items, ...two.items].map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect((await queue(people.support, '?status=closed')).items.map((item) => item.id)).not.toContain(first.id);
    await expectError(await people.support.client.request('/api/support/conversations?status=everything'), 400, 'VALIDATION_FAILED');
  });

  it('shows the whole transcript and every action the assistant proposed, with its status and amount', async () => {
    const customer = await newCustomer();
    const order = await createOrder(t.database.db, { customerProfileId: customer.id, warehouseId: f.warehouses.austin.id });
    const { id } = await createConversation(t.database.db, {
      customerProfileId: customer.id,
      messages: [
        { author: 'user', content: 'Cancel my order' },
        { author: 'assistant', content: `Cancel ${order.orderNumber}?` },
        { author: 'user', content: 'no, get me a person' },
      ],
      actions: [{ orderId: order.id, orderNumber: order.orderNumber, action: 'cancel_order', amount: order.totalAmount, status: 'dropped' }],
      escalate: { summary: 'Wanted to cancel, then asked for a person' },
    });

    const conversation = await detail(people.support, id);
    expect(conversation.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Cancel my order'],
      ['assistant', `Cancel ${order.orderNumber}?`],
      ['user', 'no, get me a person'],
    ]);
    expect(conversation.actions).toEqual([
      expect.objectContaining({ orderId: order.id, orderNumber: order.orderNumber, action: 'cancel_order', amount: order.totalAmount, status: 'dropped' }),
    ]);
    await expectError(await people.support.client.request('/api/support/conversations/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });

  it("takes a conversation over: it becomes the agent's, is audited, and another agent may not take it, an admin may", async () => {
    const { id } = await escalated();
    const taken = supportConversationDetail.parse(await expectJson(await post(people.support, `/${id}/take`), 200));
    expect(taken.status).toBe('with_agent');
    expect(taken.agent).toEqual({ profileId: people.support.profileId, name: 'Pat' });
    // Taking it again is no change (and no second entry).
    await expectJson(await post(people.support, `/${id}/take`), 200);

    await expectError(await post(otherSupport, `/${id}/take`), 409, 'CONVERSATION_TAKEN');
    await expectError(await post(otherSupport, `/${id}/messages`, { content: 'Me too' }), 409, 'CONVERSATION_TAKEN');
    const byAdmin = supportConversationDetail.parse(await expectJson(await post(people.admin, `/${id}/take`), 200));
    expect(byAdmin.agent?.profileId).toBe(people.admin.profileId);

    const entries = await auditEntriesFor(t.database.db, id);
    expect(entries.map((entry) => [entry.action, entry.actorProfileId])).toEqual([
      ['conversation.taken', people.support.profileId],
      ['conversation.taken', people.admin.profileId],
    ]);
    expect(entries[0]!.after).toEqual({ status: 'with_agent', agentProfileId: people.support.profileId });
    expect(entries[1]!.before).toEqual({ status: 'with_agent', agentProfileId: people.support.profileId });
  });

  it("replies as the agent, signed with their first name, taking the conversation, and announces it on chat_events", async () => {
    const { id, customer } = await escalated();
    const heard: ChatEventMessage[] = [];
    leaves.push(await pubsubOf(t.database).subscribe(CHAT_EVENTS_CHANNEL, { message: (value) => heard.push(value as ChatEventMessage) }));

    const sent: ChatMessage = chatMessage.parse(await expectJson(await post(otherSupport, `/${id}/messages`, { content: 'Hi Cora, Sam here. Let me look.' }), 201));
    expect(sent).toMatchObject({ role: 'agent', content: 'Hi Cora, Sam here. Let me look.', authorName: 'Sam' });

    await expect.poll(() => heard.find((event) => event.kind === 'message' && event.message.id === sent.id), { timeout: 5_000 }).toBeTruthy();
    const announced = heard.find((event) => event.kind === 'message' && event.message.id === sent.id)!;
    expect(announced).toMatchObject({ conversationId: id, customerProfileId: customer.id, status: 'with_agent', message: { role: 'agent', authorName: 'Sam' } });
    expect(heard.some((event) => event.kind === 'status' && event.conversationId === id && event.status === 'with_agent')).toBe(true);

    const conversation = await detail(people.support, id);
    expect(conversation.status).toBe('with_agent');
    expect(conversation.agent?.profileId).toBe(otherSupport.profileId);
    expect(conversation.messages.at(-1)).toMatchObject({ role: 'agent', content: 'Hi Cora, Sam here. Let me look.', authorName: 'Sam' });
    expect(conversation.lastMessage).toBe('Hi Cora, Sam here. Let me look.');

    const entries = await auditEntriesFor(t.database.db, id);
    expect(entries.map((entry) => entry.action)).toEqual(['conversation.taken', 'conversation.replied']);
    await expectError(await post(otherSupport, `/${id}/messages`, { content: '   ' }), 400, 'VALIDATION_FAILED');
  });

  it('closes a conversation: it leaves the queue, replies are refused, and it is audited', async () => {
    const { id } = await escalated();
    await expectJson(await post(people.support, `/${id}/messages`, { content: 'All sorted now.' }), 201);
    const closed = supportConversationDetail.parse(await expectJson(await post(people.support, `/${id}/close`), 200));
    expect(closed.status).toBe('closed');

    expect((await queue(people.support, '?pageSize=100')).items.map((item) => item.id)).not.toContain(id);
    expect((await queue(people.support, '?status=closed&pageSize=100')).items.map((item) => item.id)).toContain(id);
    await expectError(await post(people.support, `/${id}/messages`, { content: 'One more thing' }), 409, 'CONVERSATION_CLOSED');
    await expectError(await post(people.support, `/${id}/close`), 409, 'CONVERSATION_CLOSED');
    await expectError(await post(people.support, `/${id}/take`), 409, 'CONVERSATION_CLOSED');
    const entries = await auditEntriesFor(t.database.db, id);
    expect(entries.map((entry) => entry.action)).toEqual(['conversation.taken', 'conversation.replied', 'conversation.closed']);
    expect(entries.at(-1)!.after).toMatchObject({ status: 'closed' });
  });

  it('refuses customers and managers (403) and the signed out (401), and changes nothing', async () => {
    const { id } = await escalated();
    for (const who of [people.customer, people.manager]) {
      await expectError(await who.client.request('/api/support/conversations'), 403, 'FORBIDDEN');
      await expectError(await who.client.request(`/api/support/conversations/${id}`), 403, 'FORBIDDEN');
      await expectError(await post(who, `/${id}/take`), 403, 'FORBIDDEN');
      await expectError(await post(who, `/${id}/messages`, { content: 'Hello' }), 403, 'FORBIDDEN');
      await expectError(await post(who, `/${id}/close`), 403, 'FORBIDDEN');
    }
    await expectError(await t.client().request('/api/support/conversations'), 401, 'UNAUTHORIZED');
    const untouched = await detail(people.support, id);
    expect(untouched).toMatchObject({ status: 'escalated', agent: null });
    expect(untouched.messages).toHaveLength(3);
    expect(await auditEntriesFor(t.database.db, id)).toEqual([]);
  });

  it('tells connected agents live when a conversation escalates or gets a message, and not while it is with the assistant', async () => {
    const response = await people.support.client.request('/api/support/conversations/stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = readEventStream(response);
    readers.push(reader);
    expect((await reader.next()).event).toBe('ready');

    const customer = await newCustomer('Dana');
    const { id } = await createConversation(t.database.db, { customerProfileId: customer.id, messages: [{ author: 'user', content: 'Where is my order?' }] });
    await reader.expectQuiet(300);

    const again = await escalated({ firstName: 'Eve', summary: 'Eve wants a person' });
    const summaryOf = (data: string) => supportConversationSummary.parse(JSON.parse(data));
    async function nextMatching(predicate: (summary: ReturnType<typeof summaryOf>) => boolean) {
      for (;;) {
        const event = await reader.next();
        expect(event.event).toBe('conversation');
        const summary = summaryOf(event.data);
        if (predicate(summary)) return summary;
      }
    }
    expect(await nextMatching((summary) => summary.id === again.id)).toMatchObject({ status: 'escalated', summary: 'Eve wants a person', customer: { name: expect.stringMatching(/^Eve /) } });

    await expectJson(await post(people.support, `/${again.id}/messages`, { content: 'Hello Eve' }), 201);
    expect(await nextMatching((summary) => summary.id === again.id && summary.lastMessage === 'Hello Eve')).toMatchObject({
      status: 'with_agent',
      agent: { profileId: people.support.profileId },
    });
    expect(reader.events.filter((event) => event.event === 'conversation').map((event) => summaryOf(event.data).id)).not.toContain(id);
  });
});
