import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation } from '@/shared/contracts/support-chat';
import { CHAT_EVENTS_CHANNEL, type ChatEventMessage } from './conversation-records';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createOrder, signedInPerson } from '../../test/order-fixture';
import { countStatements, type StatementCounter } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds, type DatabaseKind } from '../../test/test-database';

/**
 * The statements one chat message costs, whole request included (the session, the engine, the
 * assistant's tools, the stored reply). On the embedded database every statement queues behind every
 * other customer's, so this count is what sets the chat's time to first token there
 * (docs/benchmarks.md). The bounds are today's counts (before the cut: 16, 15, 18, 15, 16, 15 and 12 on
 * PGlite); PostgreSQL counts each transaction's begin and commit too, which PGlite runs itself. A
 * change that adds round trips to a message has to raise them here, on purpose.
 */
const script: { content: string; most: Record<DatabaseKind, number> }[] = [
  { content: 'Hi!', most: { pglite: 9, postgres: 13 } },
  { content: 'Where is my order?', most: { pglite: 8, postgres: 12 } },
  // A proposal: the order looked up once, the pending action recorded in its own transaction.
  { content: 'Please cancel order {order}', most: { pglite: 11, postgres: 17 } },
  { content: 'No, keep it', most: { pglite: 8, postgres: 12 } },
  // The customer's default address first: the fees are those of the warehouses that deliver to it.
  { content: 'What fees do you charge?', most: { pglite: 9, postgres: 13 } },
  { content: 'Show my recent orders', most: { pglite: 8, postgres: 12 } },
  // Answered by the engine: nothing is waiting for a "yes".
  { content: 'yes', most: { pglite: 6, postgres: 10 } },
];

describe.each(databaseKinds)('statements per chat message on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let counter: StatementCounter;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    counter = countStatements(t.database);
  });
  afterAll(async () => {
    counter?.stop();
    await t?.close();
  });

  it('stays within the bound for every message of a typical conversation', async () => {
    const dana = await signedInPerson(t, { role: 'customer', firstName: 'Dana' });
    const order = await createOrder(t.database.db, {
      customerProfileId: dana.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 500 }],
    });
    const counts: Record<string, number> = {};
    for (const step of script) {
      const content = step.content.replace('{order}', order.orderNumber);
      counter.reset();
      const response = await dana.client.request('/api/support-chat', { method: 'POST', json: { messages: [{ role: 'user', content }] } });
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/data: \[DONE\]\n\n$/);
      counts[step.content] = counter.statements.length;
      if (process.env.SHOW_STATEMENTS) console.log(step.content, counter.statements.length, '\n  ' + counter.statements.join('\n  '));
    }
    const over = script
      .filter((step) => counts[step.content]! > step.most[kind])
      .map((step) => `${step.content}: ${counts[step.content]} statements, at most ${step.most[kind]}`);
    expect(over).toEqual([]);
  });

  it('announces each message exactly as the conversation reads it back (the announcement is written in the same statement)', async () => {
    const heard: ChatEventMessage[] = [];
    const unlisten = await t.database.listen(CHAT_EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload) as ChatEventMessage));
    try {
      const lee = await signedInPerson(t, { role: 'customer', firstName: 'Lee' });
      for (const content of ['Hi!', 'Show my recent orders', 'What "fees" do you charge? \\ ü']) {
        const response = await lee.client.request('/api/support-chat', { method: 'POST', json: { messages: [{ role: 'user', content }] } });
        await response.text();
      }
      const conversation = (await (await lee.client.request('/api/support-chat/conversation')).json()) as ChatConversation;
      await expect.poll(() => heard.filter((event) => event.conversationId === conversation.id).length).toBe(6);
      const announced = heard.filter((event) => event.conversationId === conversation.id);
      expect(announced.map((event) => (event.kind === 'message' ? event.message : null))).toEqual(conversation.messages);
      expect(announced.every((event) => event.kind === 'message' && event.status === 'assistant' && event.customerProfileId === lee.profileId)).toBe(true);
    } finally {
      await unlisten();
    }
  });
});
