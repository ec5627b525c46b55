import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefusals } from '@/shared/copy';
import { driverCopy } from '@/shared/staff-copy';
import { order as orderContract } from '@/shared/contracts/orders';
import { driverAvailability, staffFeedEvent, staffOrderPage, type StaffOrderPage } from '@/shared/contracts/staff';
import type { OrderStatus } from '@/shared/order-status';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { readEventStream, type EventStreamReader } from '../../test/event-stream-reader';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, signedInPerson, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { MAX_DELIVERY_CODE_ATTEMPTS } from './delivery-code-attempts';

describe.each(databaseKinds)("a driver's shift, offers and deliveries on %s", (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await t?.close();
  });

  const setShift = (who: Person, available: boolean) => who.client.request('/api/driver/availability', { method: 'PUT', json: { available } });
  const onShift = async (who: Person) => expectJson(await setShift(who, true), 200);
  const offers = async (who: Person, query = ''): Promise<StaffOrderPage> =>
    staffOrderPage.parse(await expectJson(await who.client.request(`/api/staff/orders?view=offered&pageSize=100${query}`), 200));
  const numbers = (page: StaffOrderPage) => page.orders.map((row) => row.orderNumber);
  const accept = (who: Person, orderId: string) => who.client.request(`/api/orders/${orderId}/accept`, { method: 'POST' });
  const move = (who: Person, orderId: string, status: OrderStatus, deliveryCode?: string) =>
    who.client.request(`/api/orders/${orderId}/status`, { method: 'POST', json: { status, note: 'At the door', deliveryCode } });
  const orderAt = (status: OrderStatus, warehouseId = f.warehouses.austin.id, driverProfileId?: string) =>
    createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId, status, driverProfileId, tip: 300 });

  it('keeps the shift switch a driver sets, and starts off shift', async () => {
    const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    const initial = driverAvailability.parse(await expectJson(await driver.client.request('/api/driver/availability'), 200));
    expect(initial).toEqual({ available: false, changedAt: null });
    expect(driverAvailability.parse(await expectJson(await setShift(driver, true), 200)).available).toBe(true);
    expect(driverAvailability.parse(await expectJson(await driver.client.request('/api/driver/availability'), 200)).available).toBe(true);
    const bad = await driver.client.request('/api/driver/availability', { method: 'PUT', json: { available: 'yes' } });
    expect(bad.status).toBe(400);
    expect(driverAvailability.parse(await expectJson(await setShift(driver, false), 200)).available).toBe(false);
  });

  it('offers nothing off shift, and on shift only the unassigned orders of their own warehouses, with pickup and drop-off', async () => {
    const driver = await signedInPerson(t, { role: 'driver', firstName: 'Fay', warehouseIds: [f.warehouses.austin.id] });
    const here = await orderAt('confirmed');
    const elsewhere = await orderAt('confirmed', f.warehouses.jersey.id);
    const notYet = await orderAt('placed');
    expect(await offers(driver)).toMatchObject({ orders: [], total: 0 });

    await onShift(driver);
    const page = await offers(driver);
    expect(numbers(page)).toContain(here.orderNumber);
    expect(numbers(page)).not.toContain(elsewhere.orderNumber);
    expect(numbers(page)).not.toContain(notYet.orderNumber);
    const row = page.orders.find((candidate) => candidate.id === here.id)!;
    expect(row).toMatchObject({
      pickup: { name: 'Austin', address: '1 Main, Austin, TX 78701' },
      tip: 300,
      itemCount: 2,
      distanceMiles: null,
    });
    expect(row.dropOff).toContain('Austin, TX');
  });

  it("sorts offers by the distance of their pickup from the driver's position", async () => {
    const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id, f.warehouses.jersey.id] });
    await onShift(driver);
    const austin = await orderAt('confirmed');
    const jersey = await orderAt('confirmed', f.warehouses.jersey.id);
    const inJersey = await offers(driver, '&latitude=40.73&longitude=-74.05');
    const ours = (page: StaffOrderPage) => numbers(page).filter((number) => [austin.orderNumber, jersey.orderNumber].includes(number));
    expect(ours(inJersey)).toEqual([jersey.orderNumber, austin.orderNumber]);
    expect(inJersey.orders.find((row) => row.id === jersey.id)!.distanceMiles).toBeLessThan(2);
    expect(ours(await offers(driver, '&latitude=30.28&longitude=-97.73'))).toEqual([austin.orderNumber, jersey.orderNumber]);
    const half = await driver.client.request('/api/staff/orders?view=offered&latitude=30.28');
    expect(half.status).toBe(400);
  });

  it('lets a driver on shift accept an offer of their warehouse, once, and tells everyone else it is taken', async () => {
    const driver = await signedInPerson(t, { role: 'driver', firstName: 'Gus', warehouseIds: [f.warehouses.austin.id] });
    const colleague = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    const stranger = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.jersey.id] });
    const offered = await orderAt('ready');

    const offShift = await accept(driver, offered.id);
    expect(await expectJson(offShift, 409)).toMatchObject({ error: { code: 'OFF_SHIFT', message: driverCopy.refusals.offShift } });

    await onShift(driver);
    await onShift(colleague);
    await onShift(stranger);
    expect((await accept(stranger, offered.id)).status).toBe(404);

    const taken = orderContract.parse(await expectJson(await accept(driver, offered.id), 200));
    expect(taken.driver).toMatchObject({ profileId: driver.profileId, firstName: 'Gus' });
    expect(taken.events.at(-1)).toMatchObject({ status: 'ready', note: 'Driver assigned: Gus' });
    // The accepting driver may now take it out, exactly as the status machine says.
    expect(taken.actions.transitions).toEqual(['out_for_delivery']);
    expect(numbers(await offers(colleague))).not.toContain(offered.orderNumber);

    expect(await expectJson(await accept(colleague, offered.id), 409)).toMatchObject({ error: { code: 'DELIVERY_TAKEN', message: driverCopy.refusals.offerTaken } });
    // Asking again (a retry after a lost answer) changes nothing.
    expect(orderContract.parse(await expectJson(await accept(driver, offered.id), 200)).driver?.profileId).toBe(driver.profileId);

    const notOffered = await orderAt('placed');
    expect(await expectJson(await accept(driver, notOffered.id), 409)).toMatchObject({ error: { code: 'DELIVERY_NOT_OFFERED' } });
  });

  it('names the driver who made each change on the order, even after another driver took it over', async () => {
    const first = await signedInPerson(t, { role: 'driver', firstName: 'Ivy', warehouseIds: [f.warehouses.austin.id] });
    const second = await signedInPerson(t, { role: 'driver', firstName: 'Jo', warehouseIds: [f.warehouses.austin.id] });
    await onShift(first);
    await onShift(second);
    const created = await orderAt('ready');
    await expectJson(await accept(first, created.id), 200);
    await expectJson(await people.manager.client.request(`/api/orders/${created.id}/driver`, { method: 'POST', json: { driverProfileId: second.profileId } }), 200);
    await expectJson(await move(second, created.id, 'out_for_delivery'), 200);

    const read = orderContract.parse(await expectJson(await people.manager.client.request(`/api/orders/${created.id}`), 200));
    // The fixture's own steps up to ready are the system's.
    expect(read.events.filter((event) => event.actor !== 'system').map(({ actor, actorName }) => ({ actor, actorName }))).toEqual([
      { actor: 'driver', actorName: 'Ivy' },
      { actor: 'manager', actorName: undefined },
      { actor: 'driver', actorName: 'Jo' },
    ]);
  });

  // The driver's page asks this to say why a delivery left their list.
  it('lets a driver still read a delivery cancelled while theirs, and tells them one given to another driver does not exist', async () => {
    const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    const colleague = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    const cancelled = await orderAt('processing', f.warehouses.austin.id, driver.profileId);
    await expectJson(await people.customer.client.request(`/api/orders/${cancelled.id}/cancel`, { method: 'POST', json: { reason: 'Changed my mind' } }), 200);
    const read = orderContract.parse(await expectJson(await driver.client.request(`/api/orders/${cancelled.id}`), 200));
    expect(read.status).toBe('cancelled');

    const reassigned = await orderAt('ready', f.warehouses.austin.id, driver.profileId);
    await expectJson(await people.manager.client.request(`/api/orders/${reassigned.id}/driver`, { method: 'POST', json: { driverProfileId: colleague.profileId } }), 200);
    expect(await expectJson(await driver.client.request(`/api/orders/${reassigned.id}`), 404)).toMatchObject({ error: { message: orderRefusals.notFound } });
  });

  it('gives an order two drivers race for to exactly one of them', async () => {
    const racers = await Promise.all(
      Array.from({ length: 4 }, () => signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] })),
    );
    for (const racer of racers) await onShift(racer);
    const offered = await orderAt('confirmed');
    const answers = await Promise.all(racers.map((racer) => accept(racer, offered.id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = racers[answers.findIndex((answer) => answer.status === 200)]!;
    const order = orderContract.parse(await expectJson(await winner.client.request(`/api/orders/${offered.id}`), 200));
    expect(order.driver?.profileId).toBe(winner.profileId);
    expect(order.events.filter((event) => event.note.startsWith('Driver assigned'))).toHaveLength(1);
  });

  it('tells the other drivers on the live queue when an offer is taken', async () => {
    const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    const colleague = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    await onShift(driver);
    const offered = await orderAt('confirmed');
    const response = await colleague.client.request('/api/staff/orders/stream');
    const reader = readEventStream(response);
    readers.push(reader);
    expect((await reader.next()).event).toBe('ready');
    expect((await accept(driver, offered.id)).status).toBe(200);
    const event = await reader.next();
    expect(staffFeedEvent.parse(JSON.parse(event.data))).toMatchObject({ orderId: offered.id, status: 'confirmed' });
  });

  it('keeps a driver with a delivery to finish on shift until it is delivered', async () => {
    const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [f.warehouses.austin.id] });
    await onShift(driver);
    const offered = await orderAt('ready');
    expect((await accept(driver, offered.id)).status).toBe(200);
    expect(await expectJson(await setShift(driver, false), 409)).toMatchObject({ error: { code: 'ACTIVE_DELIVERY', message: driverCopy.refusals.activeDelivery } });
    expect(driverAvailability.parse(await expectJson(await driver.client.request('/api/driver/availability'), 200)).available).toBe(true);

    expect((await move(driver, offered.id, 'out_for_delivery')).status).toBe(200);
    expect((await setShift(driver, false)).status).toBe(409);
    expect((await move(driver, offered.id, 'delivered', offered.deliveryCode)).status).toBe(200);
    expect(driverAvailability.parse(await expectJson(await setShift(driver, false), 200)).available).toBe(false);
  });

  it('tells the assigned driver how much cash to collect: what is still due, and nothing on a card order or cash already taken', async () => {
    const driver = await signedInPerson(t, { role: 'driver', firstName: 'Kim', warehouseIds: [f.warehouses.austin.id] });
    const yours = async (view: 'active' | 'all') =>
      staffOrderPage.parse(await expectJson(await driver.client.request(`/api/staff/orders?view=${view}&pageSize=100`), 200)).orders;
    const assigned = (status: OrderStatus, extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
      createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id, status, driverProfileId: driver.profileId, tip: 300, ...extra });
    const cash = await assigned('out_for_delivery');
    const card = await assigned('out_for_delivery', { paymentMethod: 'card', paymentStatus: 'paid' });
    const dishes = await assigned('ready', {
      cloudKitchenId: f.kitchenId,
      lines: [{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, name: 'Brisket Tacos', quantity: 1, unitPrice: 1299 }],
    });
    const picking = await assigned('processing');
    const delivered = await assigned('delivered');

    // One banana of two is missing: the customer owes that much less, and so the driver collects less.
    const lowered = await people.manager.client.request(`/api/orders/${picking.id}/lines/${picking.lineIds[0]}/unavailable`, {
      method: 'POST',
      json: { quantity: 1, resolution: 'refund' },
    });
    const loweredTotal = orderContract.parse(await expectJson(lowered, 200)).totalAmount;
    expect(loweredTotal).toBeLessThan(picking.totalAmount);

    const collect = (rows: StaffOrderPage['orders'], id: string) => rows.find((row) => row.id === id)?.cashToCollect;
    const active = await yours('active');
    expect(collect(active, cash.id)).toBe(cash.totalAmount);
    expect(collect(active, dishes.id)).toBe(dishes.totalAmount);
    expect(collect(active, card.id)).toBe(0);
    expect(collect(active, picking.id)).toBe(loweredTotal);
    expect(collect(await yours('all'), delivered.id)).toBe(0);
    // Another driver lists none of these, so is told no amount at all.
    const other = staffOrderPage.parse(await expectJson(await people.otherDriver.client.request('/api/staff/orders?view=all&pageSize=100'), 200));
    expect(other.orders.map((row) => row.id)).not.toContain(cash.id);
  });

  it('refuses delivery codes past a few wrong tries per order, counting only the tries of its driver', async () => {
    const order = await orderAt('out_for_delivery', f.warehouses.austin.id, people.driver.profileId);
    const wrong = order.deliveryCode === '0000' ? '1111' : '0000';
    // Someone who may not deliver it spends none of its tries.
    for (let i = 0; i < MAX_DELIVERY_CODE_ATTEMPTS + 1; i += 1) expect((await move(people.otherDriver, order.id, 'delivered', wrong)).status).toBe(404);

    for (let i = 0; i < MAX_DELIVERY_CODE_ATTEMPTS; i += 1) {
      const refused = await expectJson<{ error: { fields?: Record<string, string> } }>(await move(people.driver, order.id, 'delivered', wrong), 400);
      expect(refused.error.fields).toEqual({ deliveryCode: orderRefusals.deliveryCodeWrong });
    }
    const limited = await move(people.driver, order.id, 'delivered', order.deliveryCode);
    expect(await expectJson(limited, 429)).toMatchObject({ error: { code: 'TOO_MANY_DELIVERY_CODES', message: driverCopy.refusals.tooManyCodes } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    const still = orderContract.parse(await expectJson(await people.driver.client.request(`/api/orders/${order.id}`), 200));
    expect(still.status).toBe('out_for_delivery');
  });

  it('delivers with the right code after a few wrong ones', async () => {
    const order = await orderAt('out_for_delivery', f.warehouses.austin.id, people.driver.profileId);
    const wrong = order.deliveryCode === '0000' ? '1111' : '0000';
    for (let i = 0; i < MAX_DELIVERY_CODE_ATTEMPTS - 1; i += 1) expect((await move(people.driver, order.id, 'delivered', wrong)).status).toBe(400);
    const delivered = orderContract.parse(await expectJson(await move(people.driver, order.id, 'delivered', order.deliveryCode), 200));
    expect(delivered.status).toBe('delivered');
  });
});
