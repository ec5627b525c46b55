import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences, PushKey } from '@/shared/contracts/notifications';
import type { ReturnRequest } from '@/shared/contracts/orders';
import { notificationCopy } from '@/shared/copy';
import { openDatabase, queryRows, type Database } from '../../db/client';
import type { MailMessage, Mailer } from '../../providers/mail';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, moveTestOrder, type OrderPeople, type Person } from '../../test/order-fixture';
import { startFcmEndpoint, type FcmDevice } from '../../test/fcm-endpoint';
import { startPushEndpoint, type PushDevice } from '../../test/push-endpoint';
import { createTestApp, testVapidKeys, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { spyOnQueries } from '../../test/pg-query-spy';
import { noticesFor, notifyOrderEvent } from './notify-order-event';
import { startOrderNotifications } from './start-order-notifications';

const push = notificationCopy.push;

describe.each(databaseKinds)('push notifications on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let p: OrderPeople;
  let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  /** Google's token endpoint and FCM, which the app's pushes go through. */
  let fcm: Awaited<ReturnType<typeof startFcmEndpoint>>;
  /** A second server instance's notifier, on its own connection to the same database where the kind allows one. */
  let secondDatabase: Database | undefined;
  let notifiers: Awaited<ReturnType<typeof startOrderNotifications>>[];
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    name: 'capture',
    async send(message) {
      mail.push(message);
    },
    async verify() {},
  };

  beforeAll(async () => {
    fcm = await startFcmEndpoint();
    t = await createTestApp({ kind, mailer, env: { FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.account), FCM_API_URL: fcm.url } });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    p = await createOrderPeople(t, f);
    endpoint = await startPushEndpoint({ vapidPublicKey: testVapidKeys.publicKey });
    if (kind === 'postgres') {
      const [{ name }] = (await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      secondDatabase = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
    }
    notifiers = [
      await startOrderNotifications({ database: t.database, push: t.deps.push, nativePush: t.deps.nativePush, logger: t.deps.logger }),
      await startOrderNotifications({ database: secondDatabase ?? t.database, push: t.deps.push, nativePush: t.deps.nativePush, logger: t.deps.logger }),
    ];
  });
  afterAll(async () => {
    for (const notifier of notifiers ?? []) await notifier.stop();
    await secondDatabase?.close();
    await endpoint?.close();
    await fcm?.close();
    await t?.close();
  });

  const subscribe = async (who: Person) => {
    const device = endpoint.device();
    const response = await who.client.request('/api/notifications/subscription', { method: 'PUT', json: device.subscription });
    expect(response.status).toBe(204);
    return device;
  };
  const registerApp = async (who: Person, device: FcmDevice = fcm.device()) => {
    const response = await who.client.request('/api/notifications/native-device', { method: 'PUT', json: { token: device.token, platform: 'android' } });
    expect(response.status).toBe(204);
    return device;
  };
  const appDevices = async (profileId: string) =>
    (await queryRows<{ token: string }>(t.database.db, sql`select token from native_push_devices where profile_id = ${profileId}`)).map((row) => row.token);
  const setPreferences = (who: Person, kinds: NotificationPreferences['kinds']) =>
    who.client.request('/api/notifications/preferences', { method: 'PUT', json: { kinds } });
  /** Every event heard so far has been handled by both instances. */
  const settled = () => Promise.all(notifiers.map((notifier) => notifier.settled()));
  const groceryOrder = () => createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: f.warehouses.austin.id });
  const confirm = (orderId: string) => p.manager.client.request(`/api/orders/${orderId}/status`, { method: 'POST', json: { status: 'confirmed' } });

  it('hands out the VAPID public key, and whether the app can have pushes, to signed-in people only', async () => {
    expect(await expectJson<PushKey>(await p.customer.client.request('/api/notifications/push-key'))).toEqual({ publicKey: testVapidKeys.publicKey, native: true });
    await expectError(await t.client().request('/api/notifications/push-key'), 401, 'UNAUTHORIZED');
  });

  it('refuses a subscription whose keys a push could not be encrypted for, and keeps nothing', async () => {
    const device = endpoint.device();
    const bad = { ...device.subscription, keys: { p256dh: device.subscription.keys.p256dh.slice(0, 40), auth: 'not base64url!' } };
    const body = await expectError(await p.customer.client.request('/api/notifications/subscription', { method: 'PUT', json: bad }), 400, 'VALIDATION_FAILED');
    expect(body.fields).toMatchObject({ 'keys.p256dh': 'p256dh must be 65 bytes', 'keys.auth': 'auth must be base64url' });
    await expectError(
      await p.customer.client.request('/api/notifications/subscription', { method: 'PUT', json: { ...device.subscription, endpoint: 'not a url' } }),
      400,
      'VALIDATION_FAILED',
    );
    const rows = await queryRows(t.database.db, sql`select 1 from push_subscriptions where endpoint = ${device.subscription.endpoint}`);
    expect(rows).toHaveLength(0);
  });

  it('tells the customer of each step and the warehouse of a new order, once each, though two instances hear every event', async () => {
    const customer = await subscribe(p.customer);
    const manager = await subscribe(p.manager);
    const otherManager = await subscribe(p.otherManager);
    const kitchen = await subscribe(p.kitchenOwner);

    const order = await groceryOrder();
    const placed = await endpoint.waitFor(customer, (message) => message.title === push.orderPlaced(order.orderNumber).title);
    expect(placed.message).toEqual({ ...push.orderPlaced(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` });
    expect(placed.ttl).toBeGreaterThan(0);
    expect((await endpoint.waitFor(manager)).message).toEqual({ ...push.newOrder(order.orderNumber), url: '/manager', tag: `order-${order.id}` });

    expect((await confirm(order.id)).status).toBe(200);
    await endpoint.waitFor(customer, (message) => message.body === push.orderConfirmed(order.orderNumber).body);
    await settled();

    expect(endpoint.messagesTo(customer)).toEqual([
      { ...push.orderPlaced(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` },
      { ...push.orderConfirmed(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` },
    ]);
    expect(endpoint.messagesTo(manager)).toHaveLength(1);
    // Another warehouse's manager and the kitchen hear nothing of a grocery order of Austin.
    expect(endpoint.messagesTo(otherManager)).toEqual([]);
    expect(endpoint.messagesTo(kitchen)).toEqual([]);
    expect(endpoint.refused).toEqual([]);
    const sent = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from notification_deliveries d join order_events e on e.id = d.order_event_id where e.order_id = ${order.id}`,
    );
    expect(sent[0]!.count).toBe(3);
  });

  // Named statements are only seen on a server: PostgreSQL.
  it.skipIf(kind !== 'postgres')('handles an order event in two prepared statements when nobody is left to tell: who it concerns, and every claim at once', async () => {
    const customer = await subscribe(p.customer);
    const manager = await subscribe(p.manager);
    const order = await groceryOrder();
    // Both notices are sent, so both are claimed: this call finds nobody left to tell.
    await endpoint.waitFor(customer, (message) => message.title === push.orderPlaced(order.orderNumber).title);
    await endpoint.waitFor(manager, (message) => message.title === push.newOrder(order.orderNumber).title);
    // Both instances heard the event when it was sent; neither is still at it.
    await settled();
    const [event] = await queryRows<{ id: number | string }>(t.database.db, sql`select id from order_events where order_id = ${order.id} and status = 'placed'`);
    const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${(await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`))[0]!.name}` });
    const own = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
    const sent: string[] = [];
    const spy = spyOnQueries(sent);
    try {
      await notifyOrderEvent({ db: own.db, push: t.deps.push, nativePush: t.deps.nativePush, logger: t.deps.logger, event: { id: Number(event!.id), orderId: order.id, status: 'placed', actor: 'customer' } });
    } finally {
      spy.restore();
      await own.close();
    }
    expect(sent).toEqual(['order_audience', 'claim_notification_deliveries']);
  });

  it("tells a kitchen of its new orders, and not the warehouse's managers", async () => {
    const kitchen = await subscribe(p.kitchenOwner);
    const manager = await subscribe(p.manager);
    const order = await createOrder(t.database.db, {
      customerProfileId: p.otherCustomer.profileId,
      warehouseId: f.warehouses.austin.id,
      cloudKitchenId: f.kitchenId,
      lines: [{ itemType: 'cloud_kitchen', name: 'Curry', quantity: 1, unitPrice: 1200 }],
    });
    expect((await endpoint.waitFor(kitchen)).message).toEqual({ ...push.newOrder(order.orderNumber), url: '/cloud-kitchen', tag: `order-${order.id}` });
    await settled();
    expect(endpoint.messagesTo(manager)).toEqual([]);
  });

  it('tells the customer at once when the kitchen declines their order, and nothing when they cancel it themselves', async () => {
    const dish = { itemType: 'cloud_kitchen' as const, name: 'Curry', quantity: 1, unitPrice: 1200 };
    const kitchenOrder = () => createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: f.warehouses.austin.id, cloudKitchenId: f.kitchenId, lines: [dish] });
    const customer = await subscribe(p.customer);
    const declined = await kitchenOrder();
    const cancelled = await kitchenOrder();

    expect((await p.customer.client.request(`/api/orders/${cancelled.id}/cancel`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await p.kitchenOwner.client.request(`/api/orders/${declined.id}/decline`, { method: 'POST', json: { reason: 'closing_soon' } })).status).toBe(200);
    const told = await endpoint.waitFor(customer, (message) => message.title === push.orderDeclined(declined.orderNumber).title);
    expect(told.message).toEqual({ ...push.orderDeclined(declined.orderNumber), url: `/orders/${declined.id}`, tag: `order-${declined.id}` });
    await settled();
    const afterPlacing = endpoint.messagesTo(customer).filter((message) => message.title !== push.orderPlaced(declined.orderNumber).title);
    expect(afterPlacing).toEqual([told.message]);
  });

  it('tells the customer once when support cancels their order, as when a kitchen declines it', async () => {
    const customer = await subscribe(p.customer);
    const order = await groceryOrder();
    expect((await confirm(order.id)).status).toBe(200);

    expect((await p.support.client.request(`/api/orders/${order.id}/cancel`, { method: 'POST', json: { reason: 'The address is outside our delivery area.' } })).status).toBe(200);
    const told = await endpoint.waitFor(customer, (message) => message.title === push.orderCancelled(order.orderNumber, 'support').title);
    expect(told.message).toEqual({ ...push.orderCancelled(order.orderNumber, 'support'), url: `/orders/${order.id}`, tag: `order-${order.id}` });
    expect(told.message.body).toBe(`Support cancelled order ${order.orderNumber}. See the order for why.`);
    await settled();
    expect(endpoint.messagesTo(customer).filter((message) => message.title === 'Order cancelled')).toHaveLength(1);
    // It answers the wait for the order to be accepted, so whoever turned that kind off hears none of it.
    const [event] = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select d.kind from notification_deliveries d join order_events e on e.id = d.order_event_id where e.order_id = ${order.id} and e.status = 'cancelled'`,
    );
    expect(event?.kind).toBe('order_confirmed');
  });

  it('offers a confirmed delivery to the drivers of its warehouse on shift, and to nobody once a driver has it', async () => {
    const onShift = await subscribe(p.driver);
    const offShift = await subscribe(p.otherDriver);
    expect((await p.driver.client.request('/api/driver/availability', { method: 'PUT', json: { available: true } })).status).toBe(200);
    expect((await p.otherDriver.client.request('/api/driver/availability', { method: 'PUT', json: { available: false } })).status).toBe(200);

    const order = await groceryOrder();
    expect((await confirm(order.id)).status).toBe(200);
    expect((await endpoint.waitFor(onShift)).message).toEqual({ ...push.deliveryOffered(order.orderNumber), url: '/driver', tag: `order-${order.id}` });

    const taken = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: f.warehouses.austin.id, driverProfileId: p.driver.profileId });
    const customer = await subscribe(p.customer);
    await moveTestOrder(t.database.db, taken.id, 'confirmed');
    await endpoint.waitFor(customer, (message) => message.body === push.orderConfirmed(taken.orderNumber).body);
    await settled();
    expect(endpoint.messagesTo(onShift)).toHaveLength(1);
    expect(endpoint.messagesTo(offShift)).toEqual([]);
  });

  it("honours the kinds a person turned off, and refuses kinds that are not their role's", async () => {
    const initial = await expectJson<NotificationPreferences>(await p.otherCustomer.client.request('/api/notifications/preferences'));
    expect(initial.kinds).toEqual([
      { kind: 'order_placed', enabled: true },
      { kind: 'order_confirmed', enabled: true },
      { kind: 'order_out_for_delivery', enabled: true },
      { kind: 'order_delivered', enabled: true },
      { kind: 'refund_decided', enabled: true },
    ]);
    const refused = await expectError(await setPreferences(p.otherCustomer, [{ kind: 'order_placed', enabled: false }, { kind: 'new_order', enabled: false }]), 400, 'VALIDATION_FAILED');
    expect(refused.fields).toEqual({ 'kinds.1.kind': notificationCopy.refusals.kindNotForRole });
    expect(await expectJson<NotificationPreferences>(await p.otherCustomer.client.request('/api/notifications/preferences'))).toEqual(initial);

    const updated = await expectJson<NotificationPreferences>(await setPreferences(p.otherCustomer, [{ kind: 'order_placed', enabled: false }]));
    expect(updated.kinds[0]).toEqual({ kind: 'order_placed', enabled: false });
    expect(updated.kinds.slice(1).every((entry) => entry.enabled)).toBe(true);

    const device = await subscribe(p.otherCustomer);
    const order = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: f.warehouses.austin.id });
    expect((await confirm(order.id)).status).toBe(200);
    await endpoint.waitFor(device, (message) => message.title === push.orderConfirmed(order.orderNumber).title);
    await settled();
    expect(endpoint.messagesTo(device).map((message) => message.title)).toEqual([push.orderConfirmed(order.orderNumber).title]);

    // Turned back on, it is sent again.
    await expectJson(await setPreferences(p.otherCustomer, [{ kind: 'order_placed', enabled: true }]));
    const next = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: f.warehouses.austin.id });
    await endpoint.waitFor(device, (message) => message.body === push.orderPlaced(next.orderNumber).body);
  });

  it('forgets a device the push service says is gone, and one its owner unsubscribes', async () => {
    const gone = await subscribe(p.customer);
    const kept = await subscribe(p.customer);
    gone.unsubscribeAtService();
    const order = await groceryOrder();
    await endpoint.waitFor(kept, (message) => message.body === push.orderPlaced(order.orderNumber).body);
    await settled();
    const endpoints = async () =>
      (await queryRows<{ endpoint: string }>(t.database.db, sql`select endpoint from push_subscriptions where profile_id = ${p.customer.profileId}`)).map(
        (row) => row.endpoint,
      );
    expect(await endpoints()).not.toContain(gone.subscription.endpoint);
    expect(await endpoints()).toContain(kept.subscription.endpoint);

    // Someone else cannot unsubscribe another person's device; its owner can.
    const remove = (who: Person, device: PushDevice) =>
      who.client.request('/api/notifications/subscription', { method: 'DELETE', json: { endpoint: device.subscription.endpoint } });
    expect((await remove(p.otherCustomer, kept)).status).toBe(204);
    expect(await endpoints()).toContain(kept.subscription.endpoint);
    expect((await remove(p.customer, kept)).status).toBe(204);
    expect(await endpoints()).not.toContain(kept.subscription.endpoint);
  });

  it('moves a device to whoever subscribes it last, so a shared device never hears of the previous account', async () => {
    const device = await subscribe(p.customer);
    expect((await p.otherCustomer.client.request('/api/notifications/subscription', { method: 'PUT', json: device.subscription })).status).toBe(204);
    const mine = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: f.warehouses.austin.id });
    const theirs = await groceryOrder();
    await endpoint.waitFor(device, (message) => message.body === push.orderPlaced(mine.orderNumber).body);
    await settled();
    expect(endpoint.messagesTo(device).some((message) => message.body.includes(theirs.orderNumber))).toBe(false);
  });

  it('tells the customer of a refund decision by push and by mail', async () => {
    const device = await subscribe(p.customer);
    const order = await createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 4, unitPrice: 50 }],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
    });
    const request = await expectJson<ReturnRequest>(
      await p.customer.client.request(`/api/orders/${order.id}/returns`, { method: 'POST', json: { lines: [{ orderLineId: order.lineIds[0], quantity: 2 }], reason: 'Bruised' } }),
      201,
    );
    expect((await p.support.client.request(`/api/returns/${request.id}/decision`, { method: 'POST', json: { decision: 'approve', note: 'Sorry about that' } })).status).toBe(200);
    expect((await endpoint.waitFor(device, (message) => message.title === push.refundApproved(order.orderNumber).title)).message).toEqual({
      ...push.refundApproved(order.orderNumber),
      url: `/orders/${order.id}`,
      tag: `order-${order.id}`,
    });
    await vi.waitFor(() => expect(mail.find((message) => message.subject === notificationCopy.refundEmail.approvedSubject(order.orderNumber))).toBeDefined());
    const approved = mail.find((message) => message.subject === notificationCopy.refundEmail.approvedSubject(order.orderNumber))!;
    expect(approved.to).toBe(p.customer.email);
    // Two bananas and their share of the order's tax (17 cents on $2.00).
    expect(approved.text).toContain('$1.08 is refunded');
    expect(approved.text).toContain('Sorry about that');

    const rejectedOrder = await createOrder(t.database.db, {
      customerProfileId: p.customer.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [{ itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 1, unitPrice: 50 }],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
    });
    const second = await expectJson<ReturnRequest>(
      await p.customer.client.request(`/api/orders/${rejectedOrder.id}/returns`, { method: 'POST', json: { lines: [{ orderLineId: rejectedOrder.lineIds[0], quantity: 1 }], reason: 'Brown' } }),
      201,
    );
    await p.support.client.request(`/api/returns/${second.id}/decision`, { method: 'POST', json: { decision: 'reject', note: 'Bananas ripen after delivery' } });
    await endpoint.waitFor(device, (message) => message.body === push.refundRejected(rejectedOrder.orderNumber).body);
    await vi.waitFor(() => expect(mail.find((message) => message.subject === notificationCopy.refundEmail.rejectedSubject(rejectedOrder.orderNumber))).toBeDefined());
    expect(mail.find((message) => message.subject === notificationCopy.refundEmail.rejectedSubject(rejectedOrder.orderNumber))!.text).toContain(
      'Reason: Bananas ripen after delivery',
    );
  });

  it('tells the app on a phone of each step once, though two instances hear every event, as it tells the browser', async () => {
    const phone = await registerApp(p.customer);
    const browser = await subscribe(p.customer);
    const managerPhone = await registerApp(p.manager);

    const order = await groceryOrder();
    const placed = await fcm.waitFor(phone, (message) => message.title === push.orderPlaced(order.orderNumber).title);
    expect(placed).toEqual({
      device: phone.token,
      message: { ...push.orderPlaced(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` },
      android: { ttl: '86400s', collapseKey: `order-${order.id}`, tag: `order-${order.id}` },
    });
    expect((await fcm.waitFor(managerPhone, (message) => message.body === push.newOrder(order.orderNumber).body)).message.url).toBe('/manager');
    expect((await confirm(order.id)).status).toBe(200);
    await fcm.waitFor(phone, (message) => message.body === push.orderConfirmed(order.orderNumber).body);
    await settled();

    const steps = [
      { ...push.orderPlaced(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` },
      { ...push.orderConfirmed(order.orderNumber), url: `/orders/${order.id}`, tag: `order-${order.id}` },
    ];
    expect(fcm.messagesTo(phone)).toEqual(steps);
    expect(endpoint.messagesTo(browser)).toEqual(steps);
    expect(fcm.messagesTo(managerPhone).filter((message) => message.tag === `order-${order.id}`)).toHaveLength(1);
    expect(fcm.refused).toEqual([]);
  });

  it('tells someone who has only the app, of the kinds they left on', async () => {
    const browsers = await queryRows<{ endpoint: string }>(t.database.db, sql`select endpoint from push_subscriptions where profile_id = ${p.otherCustomer.profileId}`);
    for (const { endpoint } of browsers) {
      expect((await p.otherCustomer.client.request('/api/notifications/subscription', { method: 'DELETE', json: { endpoint } })).status).toBe(204);
    }
    const phone = await registerApp(p.otherCustomer);
    await expectJson(await setPreferences(p.otherCustomer, [{ kind: 'order_confirmed', enabled: false }]));
    const order = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: f.warehouses.austin.id });
    expect((await confirm(order.id)).status).toBe(200);
    await moveTestOrder(t.database.db, order.id, 'out_for_delivery', p.driver.profileId);
    // Events reach each instance in order: once the last is pushed, the confirmation was heard too.
    await fcm.waitFor(phone, (message) => message.body === push.outForDelivery(order.orderNumber).body);
    await settled();
    expect(fcm.messagesTo(phone).map((message) => message.body)).toEqual([push.orderPlaced(order.orderNumber).body, push.outForDelivery(order.orderNumber).body]);
    const claims = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select d.kind from notification_deliveries d join order_events e on e.id = d.order_event_id where e.order_id = ${order.id} and d.profile_id = ${p.otherCustomer.profileId}`,
    );
    expect(claims.map((claim) => claim.kind).sort()).toEqual(['order_out_for_delivery', 'order_placed']);
  });

  it('refuses a token no device would have, and keeps nothing', async () => {
    const register = (json: unknown) => p.customer.client.request('/api/notifications/native-device', { method: 'PUT', json });
    const body = await expectError(await register({ token: 'no spaces or <tags> in a token, ever!!', platform: 'ios' }), 400, 'VALIDATION_FAILED');
    expect(body.fields).toEqual({ token: 'Token has characters a device token never has', platform: 'Unknown platform' });
    await expectError(await register({ token: 'short', platform: 'android' }), 400, 'VALIDATION_FAILED');
    await expectError(await register({ token: 'a'.repeat(4097), platform: 'android' }), 400, 'VALIDATION_FAILED');
    await expectError(await t.client().request('/api/notifications/native-device', { method: 'PUT', json: { token: fcm.device().token, platform: 'android' } }), 401, 'UNAUTHORIZED');
    const rows = await queryRows(t.database.db, sql`select 1 from native_push_devices where length(token) < 32 or length(token) > 4096 or token like '% %'`);
    expect(rows).toHaveLength(0);
  });

  it('forgets an app FCM says is gone, and one its owner unregisters; a phone moves to whoever registers it last', async () => {
    const gone = await registerApp(p.customer);
    const kept = await registerApp(p.customer);
    gone.unregisterAtFcm();
    const order = await groceryOrder();
    await fcm.waitFor(kept, (message) => message.body === push.orderPlaced(order.orderNumber).body);
    await settled();
    expect(await appDevices(p.customer.profileId)).not.toContain(gone.token);
    expect(await appDevices(p.customer.profileId)).toContain(kept.token);

    const remove = (who: Person, device: FcmDevice) => who.client.request('/api/notifications/native-device', { method: 'DELETE', json: { token: device.token } });
    expect((await remove(p.otherCustomer, kept)).status).toBe(204);
    expect(await appDevices(p.customer.profileId)).toContain(kept.token);

    await registerApp(p.otherCustomer, kept);
    expect(await appDevices(p.customer.profileId)).not.toContain(kept.token);
    const mine = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: f.warehouses.austin.id });
    const theirs = await groceryOrder();
    await fcm.waitFor(kept, (message) => message.body === push.orderPlaced(mine.orderNumber).body);
    await settled();
    expect(fcm.messagesTo(kept).some((message) => message.body.includes(theirs.orderNumber))).toBe(false);

    expect((await remove(p.otherCustomer, kept)).status).toBe(204);
    expect(await appDevices(p.otherCustomer.profileId)).not.toContain(kept.token);
  });
});

describe('a cancellation by the system', () => {
  it('tells the customer their order was cancelled because its payment did not go through', () => {
    const audience = { orderNumber: 'FC-20261122-0001', type: 'grocery' as const, status: 'cancelled' as const, customerProfileId: 'customer', driverProfileId: null, operatorProfileIds: [], driversOnShiftProfileIds: [] };
    const notices = noticesFor({ orderId: 'order', status: 'cancelled', actor: 'system', audience });
    expect(notices).toEqual([
      { kind: 'order_confirmed', profileIds: ['customer'], message: { ...push.orderCancelled(audience.orderNumber, 'payment'), url: '/orders/order', tag: 'order-order' } },
    ]);
    expect(notices[0]!.message.body).toBe('Order FC-20261122-0001 was cancelled because its payment did not go through.');
  });
});
