import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingRefusals } from '@/shared/copy';
import { activeTracking, driverPosition, trackingLookup, trackingSnapshot, trackingStatusEvent, type TrackingLookup } from '@/shared/contracts/orders';
import type { OrderStatus } from '@/shared/order-status';
import type { Role } from '@/shared/roles';
import { createApp } from '../../app';
import { buildDeps } from '../../bootstrap';
import { LISTENER_APPLICATION_NAME, openDatabase, type Database } from '../../db/client';
import { assignWarehouseStaff, createAccount, createWarehouses } from '../../db/seed/factories';
import { pubsubOf } from '../../lib/pubsub';
import type { ServerEvent } from '../../lib/sse';
import { readEventStream, type EventStreamReader } from '../../test/event-stream-reader';
import { createOrder, moveTestOrder } from '../../test/order-fixture';
import { expectJson } from '../../test/expect-json';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { driverPositions } from './orders.tables';
import { trackOrder } from './track-order';

interface Person {
  email: string;
  profileId: string;
  client: TestClient;
}

interface Instance {
  url: string;
  close(): Promise<void>;
}

/** Serves an app on a real socket: streams are read the way a browser's fetch reads them. */
async function serveApp(app: ReturnType<typeof createApp>): Promise<Instance> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as Server).closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(databaseKinds)('live tracking on %s', (kind) => {
  let t: TestApp;
  /** A second server instance on the same database (on PostgreSQL, its own pool and listener). */
  let second: { database: Database; instance: Instance };
  let first: Instance;
  let warehouseId: string;
  let otherWarehouseId: string;
  const people = {} as Record<'customer' | 'otherCustomer' | 'driver' | 'otherDriver' | 'manager' | 'otherManager' | 'support', Person>;
  const readers: EventStreamReader[] = [];

  async function person(role: Role): Promise<Person> {
    const email = uniqueEmail(role);
    const { profile } = await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Track', lastName: role, role } });
    const client = t.client();
    expect((await signIn(client, email)).status).toBe(200);
    return { email, profileId: profile.id, client };
  }

  const cookieOf = (who?: Person) => (who ? [...who.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '');

  function open(base: string, orderId: string, options: { who?: Person; query?: string; headers?: Record<string, string> } = {}) {
    const headers = new Headers(options.headers);
    if (options.who) headers.set('cookie', cookieOf(options.who));
    return fetch(`${base}/api/tracking/orders/${orderId}/stream${options.query ?? ''}`, { headers });
  }

  async function stream(base: string, orderId: string, options: Parameters<typeof open>[2] = {}) {
    const response = await open(base, orderId, options);
    expect(response.status).toBe(200);
    const reader = readEventStream(response);
    readers.push(reader);
    return reader;
  }

  const postPosition = (who: Person, orderId: string, position = { latitude: 30.28, longitude: -97.73 }) =>
    who.client.request(`/api/tracking/orders/${orderId}/position`, { method: 'POST', json: position });

  const lookup = (client: TestClient, orderNumber: string, email: string) =>
    client.request('/api/tracking/lookup', { method: 'POST', json: { orderNumber, email } });

  const order = (status: OrderStatus = 'placed', customer = people.customer) =>
    createOrder(t.database.db, { customerProfileId: customer.profileId, warehouseId, status, driverProfileId: people.driver.profileId });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const [austin, jersey] = await createWarehouses({
      db: t.database.db,
      warehouses: [
        { name: 'Track Austin', streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.27, longitude: -97.74, location: 'Austin, TX' },
        { name: 'Track Jersey', streetAddress: '2 Main', city: 'Jersey City', state: 'NJ', zipCode: '07302', latitude: 40.72, longitude: -74.04, location: 'Jersey City, NJ' },
      ],
    });
    warehouseId = austin!.id;
    otherWarehouseId = jersey!.id;
    people.customer = await person('customer');
    people.otherCustomer = await person('customer');
    people.driver = await person('driver');
    people.otherDriver = await person('driver');
    people.manager = await person('manager');
    people.otherManager = await person('manager');
    people.support = await person('support');
    await assignWarehouseStaff({ db: t.database.db, profileId: people.driver.profileId, role: 'driver', warehouseIds: [warehouseId] });
    await assignWarehouseStaff({ db: t.database.db, profileId: people.otherDriver.profileId, role: 'driver', warehouseIds: [warehouseId] });
    await assignWarehouseStaff({ db: t.database.db, profileId: people.manager.profileId, role: 'manager', warehouseIds: [warehouseId] });
    await assignWarehouseStaff({ db: t.database.db, profileId: people.otherManager.profileId, role: 'manager', warehouseIds: [otherWarehouseId] });
    first = await serveApp(t.app);
    if (kind === 'postgres') {
      // Another process would open its own pool and listener on the same URL: so does this one.
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const database = await openDatabase({ kind: 'postgres', url, maxConnections: 3 });
      const deps = await buildDeps({ env: t.env, logger: pino({ level: 'silent' }), database, secret: (await t.deps.auth.$context).secret });
      second = { database, instance: await serveApp(createApp(deps)) };
    } else {
      // The embedded database belongs to one process: a second app shares it, as a second instance would share a server.
      second = { database: t.database, instance: await serveApp(createApp(t.deps)) };
    }
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await second?.instance.close();
    await first?.close();
    if (second && second.database !== t.database) await second.database.close();
    await t?.close();
  });

  it('starts with a snapshot, whose id is the last event, on a stream no cache or proxy holds back', async () => {
    const placed = await order('confirmed');
    const response = await open(first.url, placed.id, { who: people.customer, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = readEventStream(response);
    readers.push(reader);
    const opening = await reader.next();
    expect(opening.event).toBe('snapshot');
    const snapshot = trackingSnapshot.parse(JSON.parse(opening.data));
    expect(snapshot.order).toMatchObject({ id: placed.id, orderNumber: placed.orderNumber, status: 'confirmed', type: 'grocery' });
    expect(snapshot.order.source).toEqual({ kind: 'warehouse', id: warehouseId, name: 'Track Austin', latitude: 30.27, longitude: -97.74, timeZone: 'America/Chicago' });
    expect(snapshot.order.destination).toEqual({ latitude: 30.27, longitude: -97.74 });
    expect(snapshot.order.events.map((event) => event.status)).toEqual(['placed', 'confirmed']);
    expect(opening.id).toBe(snapshot.order.events.at(-1)!.id);
    expect(snapshot.position).toBeNull();
    // The client is told how long to wait before reconnecting.
    expect(reader.retry.value).toBe(3000);
  });

  it('delivers a status change committed on one instance to a subscriber of the other', async () => {
    const placed = await order();
    const reader = await stream(second.instance.url, placed.id, { who: people.customer });
    expect((await reader.next()).event).toBe('snapshot');
    const recorded = await moveTestOrder(t.database.db, placed.id, 'confirmed', undefined, 'Packed soon');
    const event = await reader.next();
    expect(event).toMatchObject({ event: 'status', id: recorded.id });
    expect(trackingStatusEvent.parse(JSON.parse(event.data))).toEqual({ ...recorded, orderId: placed.id });
  });

  it('announces nothing of a change that was rolled back', async () => {
    const placed = await order();
    const reader = await stream(first.url, placed.id, { who: people.customer });
    await reader.next();
    await t.database.db
      .transaction(async (tx) => {
        const { recordOrderEvent } = await import('./order-events');
        await recordOrderEvent(tx, { orderId: placed.id, status: 'confirmed', actor: 'system' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await reader.expectQuiet(300);
  });

  it.each([
    ['the Last-Event-ID header', (id: string) => ({ headers: { 'last-event-id': id } })],
    ['the lastEventId parameter', (id: string) => ({ query: `?lastEventId=${id}` })],
  ])('after a reconnect with %s, sends the snapshot and then exactly the events missed', async (_how, resume) => {
    const placed = await order();
    const before = await stream(first.url, placed.id, { who: people.customer });
    const snapshot = await before.next();
    await before.close();
    const missed = [await moveTestOrder(t.database.db, placed.id, 'confirmed'), await moveTestOrder(t.database.db, placed.id, 'processing')];

    const after = await stream(first.url, placed.id, { who: people.customer, ...resume(snapshot.id!) });
    const again = await after.next();
    expect(again.event).toBe('snapshot');
    expect(again.id).toBe(missed[1]!.id);
    const replayed = [await after.next(), await after.next()];
    expect(replayed.map((event) => [event.event, event.id])).toEqual(missed.map((event) => ['status', event.id]));
    expect(replayed.map((event) => JSON.parse(event.data) as unknown)).toEqual(missed.map((event) => ({ ...event, orderId: placed.id })));
    await after.expectQuiet(200);
    // Live changes follow, once each.
    const live = await moveTestOrder(t.database.db, placed.id, 'processing', undefined, 'Picking');
    expect(await after.next()).toMatchObject({ event: 'status', id: live.id });
    await after.expectQuiet(200);
  });

  it('sends a change committed while the stream starts exactly once: in the snapshot, not again live', async () => {
    const placed = await order();
    let changed: Awaited<ReturnType<typeof moveTestOrder>> | undefined;
    // A change lands right after the stream listens and before it reads its snapshot.
    const racing: Database = {
      ...t.database,
      async listen(channel, onPayload, options) {
        const stop = await t.database.listen(channel, onPayload, options);
        if (channel === 'order_events') changed = await moveTestOrder(t.database.db, placed.id, 'confirmed');
        return stop;
      },
    };
    const viewer = { userId: 'u', email: people.customer.email, role: 'customer' as const, profileId: people.customer.profileId, warehouseIds: [], kitchenIds: [] };
    const tracking = await trackOrder({ database: racing, orderId: placed.id, viewer, secret: 'unused' });
    const sent: ServerEvent[] = [];
    const leave = new AbortController();
    const streaming = tracking.stream({ signal: leave.signal, send: async (event) => void sent.push(event) });
    await waitFor(() => sent.length > 0);
    // Long enough for the change's NOTIFY to have been heard.
    await new Promise((resolve) => setTimeout(resolve, 300));
    leave.abort();
    await streaming;
    expect(sent.map((event) => event.event)).toEqual(['snapshot']);
    expect(sent[0]!.id).toBe(changed!.id);
    expect(trackingSnapshot.parse(sent[0]!.data).order.status).toBe('confirmed');
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    const placed = await order();
    const response = await open(first.url, placed.id, { who: people.customer, headers: { 'last-event-id': 'abc' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('lastEventId');
  });

  it('ends the stream after the order is delivered, and positions stop before that', async () => {
    const out = await order('out_for_delivery');
    const reader = await stream(first.url, out.id, { who: people.customer });
    expect((await reader.next()).event).toBe('snapshot');
    expect((await postPosition(people.driver, out.id)).status).toBe(200);
    expect((await reader.next()).event).toBe('position');
    const delivered = await moveTestOrder(t.database.db, out.id, 'delivered');
    expect(await reader.next()).toMatchObject({ event: 'status', id: delivered.id });
    await reader.ended;
    // The position row left behind (the lifecycle removes it) is never shown once delivered.
    const later = await stream(first.url, out.id, { who: people.customer });
    const snapshot = trackingSnapshot.parse(JSON.parse((await later.next()).data));
    expect(snapshot.order.status).toBe('delivered');
    expect(snapshot.position).toBeNull();
    await later.ended;
    expect(later.events).toHaveLength(1);
    // And the driver can no longer post one.
    const refused = await postPosition(people.driver, out.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(trackingRefusals.notOutForDelivery);
  });

  it('ends at once the stream of an order that arrived and was asked back since, with only the snapshot', async () => {
    for (const status of ['refund_requested', 'refunded', 'refund_rejected'] as const) {
      const returned = await order(status);
      const reader = await stream(first.url, returned.id, { who: people.customer });
      expect(trackingSnapshot.parse(JSON.parse((await reader.next()).data)).order.status).toBe(status);
      await reader.ended;
      expect(reader.events, status).toHaveLength(1);
    }
  });

  it("sends the driver's position to the order's customer and staff streams, on every instance, and to no other order's stream", async () => {
    const out = await order('out_for_delivery');
    const elsewhere = await order('out_for_delivery', people.otherCustomer);
    const viewers = [
      await stream(first.url, out.id, { who: people.customer }),
      await stream(second.instance.url, out.id, { who: people.customer }),
      await stream(second.instance.url, out.id, { who: people.manager }),
      await stream(first.url, out.id, { who: people.support }),
      await stream(first.url, out.id, { who: people.driver }),
    ];
    const bystander = await stream(first.url, elsewhere.id, { who: people.otherCustomer });
    for (const reader of [...viewers, bystander]) expect((await reader.next()).event).toBe('snapshot');

    const accepted = await postPosition(people.driver, out.id, { latitude: 30.29, longitude: -97.72 });
    expect(accepted.status).toBe(200);
    const recorded = driverPosition.parse(await accepted.json());
    for (const reader of viewers) {
      const event = await reader.next();
      expect(event.event).toBe('position');
      expect(event.id).toBeUndefined();
      expect(JSON.parse(event.data)).toEqual(recorded);
    }
    await bystander.expectQuiet(300);
    // A new stream's snapshot carries the last position, and how old it is.
    const late = await stream(first.url, out.id, { who: people.customer });
    const { position } = trackingSnapshot.parse(JSON.parse((await late.next()).data));
    expect(position).toEqual({ ...recorded, ageSeconds: expect.any(Number) });
    expect(position!.ageSeconds).toBeLessThan(5);
  });

  it("tells how old the driver's last position is, by the server's clock, when the driver stopped sharing", async () => {
    const out = await order('out_for_delivery');
    expect((await postPosition(people.driver, out.id)).status).toBe(200);
    // The driver's phone has sent nothing for five minutes.
    await t.database.db.update(driverPositions).set({ updatedAt: sql`clock_timestamp() - interval '5 minutes'` }).where(eq(driverPositions.orderId, out.id));

    const reader = await stream(first.url, out.id, { who: people.customer });
    const { position } = trackingSnapshot.parse(JSON.parse((await reader.next()).data));
    expect(position).toMatchObject({ latitude: 30.28, longitude: -97.73 });
    expect(position!.ageSeconds).toBeGreaterThanOrEqual(300);
    expect(position!.ageSeconds).toBeLessThan(310);
    expect(Date.now() - Date.parse(position!.at)).toBeGreaterThanOrEqual(295_000);
    // The customer's list of orders on their way tells the same.
    const active = activeTracking.parse(await expectJson(await people.customer.client.request('/api/tracking/active'), 200));
    expect(active.find((snapshot) => snapshot.order.id === out.id)!.position!.ageSeconds).toBeGreaterThanOrEqual(300);
  });

  it("answers 404 for another customer's order, and for staff who do not work on it; 401 without a session", async () => {
    const placed = await order('out_for_delivery');
    for (const who of [people.otherCustomer, people.otherManager, people.otherDriver]) {
      const response = await open(first.url, placed.id, { who });
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
    const signedOut = await open(first.url, placed.id);
    expect(signedOut.status).toBe(401);
    await signedOut.arrayBuffer();
    // Nor can anyone else post a position for it.
    expect((await postPosition(people.otherDriver, placed.id)).status).toBe(404);
    expect((await postPosition(people.customer, placed.id)).status).toBe(403);
  });

  it('takes at most one position every 3 seconds per driver and order; a faster one is refused with Retry-After and changes nothing', async () => {
    const out = await order('out_for_delivery');
    expect((await postPosition(people.driver, out.id, { latitude: 30.1, longitude: -97.1 })).status).toBe(200);
    const tooSoon = await postPosition(people.driver, out.id, { latitude: 30.2, longitude: -97.2 });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(3);
    expect(await tooSoon.json()).toEqual({ error: { code: 'RATE_LIMITED', message: trackingRefusals.positionTooSoon } });
    const [row] = await t.database.db.select().from(driverPositions).where(eq(driverPositions.orderId, out.id));
    expect(row).toMatchObject({ latitude: 30.1, longitude: -97.1, driverProfileId: people.driver.profileId });
    // Once the interval has passed, the next one is taken.
    await t.database.db.update(driverPositions).set({ updatedAt: sql`clock_timestamp() - interval '3 seconds'` }).where(eq(driverPositions.orderId, out.id));
    expect((await postPosition(people.driver, out.id, { latitude: 30.3, longitude: -97.3 })).status).toBe(200);
  });

  it.runIf(kind === 'postgres')('accepts exactly one of many positions posted at once', async () => {
    const out = await order('out_for_delivery');
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, index) => postPosition(people.driver, out.id, { latitude: 30 + index / 100, longitude: -97 }).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('refuses a position before the order is out for delivery, and writes nothing', async () => {
    const processing = await order('processing');
    await moveTestOrder(t.database.db, processing.id, 'processing', people.driver.profileId);
    const refused = await postPosition(people.driver, processing.id);
    expect(refused.status).toBe(409);
    expect(await t.database.db.select().from(driverPositions).where(eq(driverPositions.orderId, processing.id))).toEqual([]);
  });

  it("lists the customer's orders still on their way, newest first, and nobody else's", async () => {
    const customer = await person('customer');
    const mine = async (status: OrderStatus) => order(status, customer);
    const placed = await mine('placed');
    const out = await mine('out_for_delivery');
    await mine('delivered');
    await mine('cancelled');
    await order('placed', people.otherCustomer);
    const response = await customer.client.request('/api/tracking/active');
    expect(response.status).toBe(200);
    const active = activeTracking.parse(await response.json());
    expect(active.map((snapshot) => snapshot.order.id)).toEqual([out.id, placed.id]);
  });

  describe('lookup by order number and email', () => {
    it('answers the order without address or notes and a token that opens its stream', async () => {
      const out = await order('out_for_delivery');
      await moveTestOrder(t.database.db, out.id, 'out_for_delivery', undefined, 'Gate code 1234');
      const response = await lookup(t.client(), out.orderNumber.toLowerCase(), people.customer.email.toUpperCase());
      expect(response.status).toBe(200);
      const found = trackingLookup.parse(await response.json());
      expect(found.snapshot.order.id).toBe(out.id);
      expect(found.snapshot.order.destination).toEqual({ latitude: null, longitude: null });
      expect(found.snapshot.order.events.every((event) => event.note === '')).toBe(true);
      expect(new Date(found.expiresAt).getTime()).toBeGreaterThan(Date.now());

      const reader = await stream(first.url, out.id, { query: `?token=${encodeURIComponent(found.token)}` });
      const snapshot = trackingSnapshot.parse(JSON.parse((await reader.next()).data));
      expect(snapshot.order.destination).toEqual({ latitude: null, longitude: null });
      expect((await postPosition(people.driver, out.id)).status).toBe(200);
      expect((await reader.next()).event).toBe('position');
      const delivered = await moveTestOrder(t.database.db, out.id, 'delivered', undefined, 'Left at the door');
      const last = await reader.next();
      expect(last).toMatchObject({ event: 'status', id: delivered.id });
      expect(JSON.parse(last.data)).toMatchObject({ status: 'delivered', note: '' });
      await reader.ended;
    });

    it('says an order refunded in part is so, and still returnable while items are left, as its order page does; one refunded in full is neither', async () => {
      // The customer gives back some or all of the two bananas, and support approves: the order ends refunded.
      const returned = async (units: number) => {
        const delivered = await order('delivered');
        const asked = await expectJson<{ id: string }>(
          await people.customer.client.request(`/api/orders/${delivered.id}/returns`, { method: 'POST', json: { lines: [{ orderLineId: delivered.lineIds[0], quantity: units }], reason: 'Bruised' } }),
          201,
        );
        await expectJson(await people.support.client.request(`/api/returns/${asked.id}/decision`, { method: 'POST', json: { decision: 'approve', note: '' } }));
        return delivered;
      };
      const [partly, everyItem, fully] = [await returned(1), await returned(2), await returned(2)];
      // Support refunds the fees that stayed with the items: everything paid came back.
      await expectJson(await people.support.client.request(`/api/orders/${fully.id}/refunds`, { method: 'POST', json: { kind: 'full', reason: 'Fees too' } }), 201);
      const tracked = async (orderNumber: string) => trackingLookup.parse(await expectJson(await lookup(t.client(), orderNumber, people.customer.email))).snapshot.order;
      expect(await tracked(partly.orderNumber)).toMatchObject({ status: 'refunded', returnable: true, partlyRefunded: true });
      expect(await tracked(everyItem.orderNumber)).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: true });
      expect(await tracked(fully.orderNumber)).toMatchObject({ status: 'refunded', returnable: false, partlyRefunded: false });
      // The signed-in customer's stream opens with the same snapshot.
      const reader = await stream(first.url, partly.id, { who: people.customer });
      expect(trackingSnapshot.parse(JSON.parse((await reader.next()).data)).order).toMatchObject({ status: 'refunded', returnable: true, partlyRefunded: true });
      await reader.ended;
    });

    it('answers a wrong email exactly as an unknown number: 404', async () => {
      const placed = await order();
      const client = t.client();
      const wrongEmail = await lookup(client, placed.orderNumber, people.otherCustomer.email);
      const unknownNumber = await lookup(client, 'FC-20261122-ZZZZ', people.customer.email);
      expect(wrongEmail.status).toBe(404);
      expect(unknownNumber.status).toBe(404);
      const body = await wrongEmail.json();
      expect(body).toEqual({ error: { code: 'ORDER_NOT_FOUND', message: trackingRefusals.lookupNotFound } });
      expect(await unknownNumber.json()).toEqual(body);
    });

    it('refuses a malformed lookup with field errors', async () => {
      const response = await lookup(t.client(), 'order 5', 'not-an-email');
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as { error: { fields: object } }).error.fields).sort()).toEqual(['email', 'orderNumber']);
    });

    it('opens no stream with a token of another order, a tampered one, or an expired one', async () => {
      const mine = await order();
      const theirs = await order('placed', people.otherCustomer);
      const found = (await (await lookup(t.client(), mine.orderNumber, people.customer.email)).json()) as TrackingLookup;
      const [orderId, expiry, signature] = found.token.split('.');
      for (const [target, token] of [
        [theirs.id, found.token],
        [mine.id, `${orderId}.${Number(expiry) + 3600}.${signature}`],
      ] as const) {
        const response = await open(first.url, target, { query: `?token=${encodeURIComponent(token)}` });
        expect(response.status).toBe(404);
        await response.arrayBuffer();
      }
      const { signTrackingToken } = await import('./track-token');
      const expired = signTrackingToken({ secret: (await t.deps.auth.$context).secret, orderId: mine.id, now: new Date(Date.now() - 3 * 60 * 60 * 1000) });
      const response = await open(first.url, mine.id, { query: `?token=${encodeURIComponent(expired.token)}` });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('TRACKING_LINK_EXPIRED');
    });

    it('is limited per client address like sign-in, counted in the database', async () => {
      const client = t.client();
      const placed = await order();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < t.env.AUTH_RATE_LIMIT_MAX; attempt += 1) statuses.push((await lookup(client, 'FC-20261122-ZZZZ', uniqueEmail())).status);
      expect(statuses.every((status) => status === 404)).toBe(true);
      // Even the right pair is refused now.
      const limited = await lookup(client, placed.orderNumber, people.customer.email);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await lookup(t.client(), placed.orderNumber, people.customer.email)).status).toBe(200);
    });
  });

  it('keeps one LISTEN per channel however many streams are open, and lets go when they close', async () => {
    const placed = await order();
    const pubsub = pubsubOf(t.database);
    const baseline = pubsub.subscriberCount('order_events');
    const many = await Promise.all(Array.from({ length: 20 }, () => stream(first.url, placed.id, { who: people.customer })));
    for (const reader of many) await reader.next();
    expect(pubsub.subscriberCount('order_events')).toBe(baseline + 20);
    if (kind === 'postgres') {
      const { rows } = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      )) as unknown as { rows: { n: number }[] };
      // One listener per instance: this one and the second.
      expect(rows[0]!.n).toBe(2);
    }
    for (const reader of many) await reader.close();
    await waitFor(() => pubsub.subscriberCount('order_events') === baseline);
  });

  it.runIf(kind === 'postgres')('reconnects its listener after the connection is killed, and streams catch up and carry on', async () => {
    const placed = await order();
    const reader = await stream(first.url, placed.id, { who: people.customer });
    expect((await reader.next()).event).toBe('snapshot');
    const listenerPids = async () => {
      const { rows } = (await t.database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME} order by pid`,
      )) as unknown as { rows: { pid: number }[] };
      return rows.map((row) => row.pid);
    };
    const before = await listenerPids();
    expect(before).toHaveLength(2);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    // Made while nobody listens: it comes with the snapshot sent after the reconnection.
    const missed = await moveTestOrder(t.database.db, placed.id, 'confirmed');
    const resent = await reader.next();
    expect(resent.event).toBe('snapshot');
    const caughtUp = await reader.next();
    expect(caughtUp).toMatchObject({ event: 'status', id: missed.id });
    await waitFor(async () => (await listenerPids()).filter((pid) => !before.includes(pid)).length === 2);
    const live = await moveTestOrder(t.database.db, placed.id, 'processing');
    expect(await reader.next()).toMatchObject({ event: 'status', id: live.id });
    await reader.expectQuiet(200);
  });
});
