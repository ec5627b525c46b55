import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, startServer, stopServer, waitHealthy, type ServerProcess } from '../../src/server/test/server-process';
import { roundRobinProxy } from './round-robin-proxy';
import { addToCart, call, newCustomers, placeOrder, quote, signIn, stockedProduct, type Session } from './shop';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** Reads a server-sent event stream until `done` says so (or the time is up), collecting its events. */
async function readEvents(response: Response, done: (events: { event: string; data: string }[]) => boolean, timeoutMs: number) {
  const events: { event: string; data: string }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  let buffer = '';
  try {
    while (!done(events)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = block.match(/^event: ?(.*)$/m)?.[1] ?? 'message';
        const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((match) => match[1]).join('\n');
        if (data) events.push({ event, data });
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return events;
}

/**
 * Two instances on one PostgreSQL database behind one address that hands each request to the next
 * instance in turn: nothing a customer or staff member does may depend on reaching the same one twice.
 */
describe.skipIf(!serverUrl)('two instances behind one address', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let base: string;
  const folders: string[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!, 'fc_pair');
    const ports = [await freePort(), await freePort()];
    proxy = await roundRobinProxy(ports);
    base = `http://127.0.0.1:${proxy.port}`;
    for (const port of ports) {
      const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-pair-'));
      folders.push(folder);
      // Both instances know the address customers use, as behind a real load balancer.
      servers.push(startServer({ DATABASE_URL: database.url, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'true', PUBLIC_URL: base, AUTH_RATE_LIMIT_MAX: '100000' }));
    }
    await Promise.all(servers.map((server, index) => waitHealthy(server, ports[index]!, 150_000)));
  }, 200_000);
  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) await stopServer(server);
    await database?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the session and the cart, places the order, streams its status live and keeps the chat, whichever instance answers', async () => {
    const admin = await signIn(base, 'admin@demo.test');
    const { productId, warehouseId } = await stockedProduct(admin, 50, `PAIR-${randomBytes(3).toString('hex')}`);
    const [customer] = await newCustomers(base, 1, `pair-${randomBytes(3).toString('hex')}`);
    const servedBefore = [...proxy.served];

    // The session: each of these goes to another instance than the one before.
    for (let turn = 0; turn < 4; turn += 1) expect((await call(customer!, '/api/profile')).status).toBe(200);
    // The cart: written on one instance, read and added to on the other.
    await addToCart(customer!, productId, warehouseId, 2);
    await addToCart(customer!, productId, warehouseId, 1);
    const cart = (await (await call(customer!, '/api/cart')).json()) as { items: { productId: string; quantity: number }[] };
    expect(cart.items).toEqual([expect.objectContaining({ productId, quantity: 3 })]);

    const placed = await placeOrder(customer!, await quote(customer!), `pair-${randomBytes(6).toString('hex')}`);
    expect(placed.status).toBe(201);
    const orderId = placed.orderId!;

    // The customer follows the order on one instance while the manager moves it through the other.
    const manager = await signIn(base, 'manager@demo.test');
    const stream = await call(customer!, `/api/tracking/orders/${orderId}/stream`);
    expect(stream.status).toBe(200);
    const following = readEvents(stream, (events) => events.some((event) => event.event === 'status' && event.data.includes('"confirmed"')), 30_000);
    // The stream is open on its instance before the change is made on the other.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call(manager, `/api/orders/${orderId}/status`, { body: { status: 'confirmed', note: '' } })).status).toBe(200);
    const events = await following;
    expect(events[0]!.event).toBe('snapshot');
    expect(events.filter((event) => event.event === 'status').map((event) => (JSON.parse(event.data) as { status: string }).status)).toContain('confirmed');

    // The chat: a reply streamed by one instance, the conversation read back from the other.
    const chat = await call(customer!, '/api/support-chat', { body: { messages: [{ role: 'user', content: 'Where is my order?' }] } });
    expect(chat.status).toBe(200);
    const chunks = await readEvents(chat, (received) => received.some((event) => event.data === '[DONE]'), 30_000);
    expect(chunks.at(-1)!.data).toBe('[DONE]');
    for (let turn = 0; turn < 2; turn += 1) {
      const conversation = (await (await call(customer!, '/api/support-chat/conversation')).json()) as { messages: { role: string; content: string }[] };
      expect(conversation.messages.map((message) => message.content)).toContain('Where is my order?');
    }

    // Both instances did their share of the work.
    const served = proxy.served.map((count, index) => count - servedBefore[index]!);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(5);
  }, 200_000);

  it('signs out everywhere: a session ended on one instance is refused by the other', async () => {
    const customer: Session = await signIn(base, 'customer@demo.test');
    expect((await call(customer, '/api/profile')).status).toBe(200);
    expect((await call(customer, '/api/auth/sign-out', { body: {} })).status).toBe(200);
    for (let turn = 0; turn < 2; turn += 1) expect((await call(customer, '/api/profile')).status).toBe(401);
  }, 60_000);
});
