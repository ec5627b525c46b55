import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenMealPlan, KitchenMealPlans, MealPlanInput, MealPlanPage, MealPlanSubscription } from '@/shared/contracts/meal-plans';
import type { StaffOrderPage } from '@/shared/contracts/staff';
import { orderRefusals } from '@/shared/copy';
import { addDays, localDate } from '@/shared/meal-plan-weeks';
import { queryRows } from '../../db/client';
import { createKitchenWithMenu } from '../../db/seed/kitchens';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectJson } from '../../test/expect-json';
import { createOrderPeople, signedInPerson, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { createAddress } from '../locations/create-address';
import { cloudKitchens, mealPlanSubscriptions } from './kitchens.tables';
import { startMealPlanScheduler } from './meal-plan-scheduler';
import { runMealPlanDeliveries } from './run-meal-plan-deliveries';

const DAY = 24 * 60 * 60 * 1000;
const KITCHEN_TIME_ZONE = 'America/Chicago';

describe.each(databaseKinds)('meal plans on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;
  let otherKitchenId: string;
  let otherKitchenDishId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
    otherKitchenId = await createKitchenWithMenu({
      db: t.database.db,
      profileId: people.otherKitchenOwner.profileId,
      kitchen: {
        businessName: 'Other Kitchen',
        kitchenType: 'home',
        cuisine: 'Thai',
        description: '',
        streetAddress: '9 Oak',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.28,
        longitude: -97.75,
        contactPhone: '',
        foodSafetyCertificate: '',
        prepTimeMinutes: 20,
        openingHours: [],
        owner: { email: 'unused@example.test', firstName: 'O', lastName: 'O' },
        dishes: [{ name: 'Pad Thai', description: '', priceCents: 1100, category: 'Mains' }],
        mealPlans: [],
      },
    });
    const other = await t.request(`/api/kitchens/${otherKitchenId}`);
    otherKitchenDishId = ((await other.json()) as { sections: { dishes: { id: string }[] }[] }).sections[0]!.dishes[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const logger = () => t.deps.logger;
  const planInput = (overrides: Partial<MealPlanInput> = {}): MealPlanInput => ({
    name: 'Taco Week',
    description: 'Five lunches.',
    mealsPerWeek: 5,
    weeklyPrice: 4500,
    deliveryDay: 1,
    dishIds: [f.dishes.tacos.id, f.dishes.churros.id],
    ...overrides,
  });

  async function publish(overrides: Partial<MealPlanInput> = {}): Promise<KitchenMealPlan> {
    return expectJson(await people.kitchenOwner.client.request('/api/kitchen/meal-plans', { method: 'POST', json: planInput(overrides) }), 201);
  }
  async function ownerPlans(who: Person = people.kitchenOwner): Promise<KitchenMealPlans> {
    return expectJson(await who.client.request('/api/kitchen/meal-plans'), 200);
  }
  let addressesMade = 0;
  async function addressOf(who: Person, place: { city: string; state: string; zipCode: string } = { city: 'Austin', state: 'TX', zipCode: '78701' }): Promise<string> {
    const viewer = { role: who.role, profileId: who.profileId, warehouseIds: [], kitchenIds: [] };
    // A new unit each time: the same address is saved once per customer.
    addressesMade += 1;
    const input = { label: 'Home', streetAddress: '10 Congress Ave', ...place, unit: `Apt ${addressesMade}`, deliveryInstructions: '', isDefault: false };
    return (await createAddress({ db: t.database.db, geocoder: t.deps.geocoder, viewer, input })).id;
  }
  async function subscribe(who: Person, planId: string, addressId?: string): Promise<MealPlanSubscription> {
    const response = await who.client.request(`/api/meal-plans/${planId}/subscriptions`, { method: 'POST', json: { addressId: addressId ?? (await addressOf(who)) } });
    return expectJson(response, 201);
  }
  const act = (who: Person, subscriptionId: string, action: 'pause' | 'resume' | 'cancel') =>
    who.client.request(`/api/meal-plan-subscriptions/${subscriptionId}/${action}`, { method: 'POST' });

  async function kitchenOrders(): Promise<StaffOrderPage['orders']> {
    const page = await expectJson<StaffOrderPage>(await people.kitchenOwner.client.request('/api/staff/orders?view=all&pageSize=100'), 200);
    return page.orders;
  }

  it('lets only the kitchen owner publish, edit, pause and retire their plans, and audits each change', async () => {
    const plan = await publish();
    expect(plan).toMatchObject({ name: 'Taco Week', status: 'active', subscribers: { active: 0, paused: 0 }, deliveryDay: 1 });
    expect(plan.dishes.map((dish) => dish.name)).toEqual(['Brisket Tacos', 'Churros']);
    expect((await ownerPlans()).plans.map((listed) => listed.id)).toContain(plan.id);
    expect((await ownerPlans()).dishes.map((dish) => dish.name)).toEqual(['Brisket Tacos', 'Churros']);

    // Another owner neither sees nor changes it; other roles are refused.
    expect((await ownerPlans(people.otherKitchenOwner)).plans.map((listed) => listed.id)).not.toContain(plan.id);
    const path = `/api/kitchen/meal-plans/${plan.id}`;
    expect((await people.otherKitchenOwner.client.request(path, { method: 'PUT', json: planInput({ name: 'Mine now' }) })).status).toBe(404);
    expect((await people.otherKitchenOwner.client.request(`${path}/status`, { method: 'POST', json: { status: 'paused' } })).status).toBe(404);
    for (const who of [people.customer, people.manager, people.admin]) {
      expect((await who.client.request('/api/kitchen/meal-plans', { method: 'POST', json: planInput() })).status).toBe(403);
    }

    // Bad input is refused at its field; another kitchen's dish is not on this menu.
    const invalid = await people.kitchenOwner.client.request('/api/kitchen/meal-plans', { method: 'POST', json: planInput({ name: ' ', mealsPerWeek: 0 }) });
    expect((await expectJson<{ error: { fields: Record<string, string> } }>(invalid, 400)).error.fields).toMatchObject({ name: expect.any(String), mealsPerWeek: expect.any(String) });
    const foreignDish = await people.kitchenOwner.client.request(path, { method: 'PUT', json: planInput({ dishIds: [otherKitchenDishId] }) });
    expect((await expectJson<{ error: { fields: Record<string, string> } }>(foreignDish, 400)).error.fields).toHaveProperty('dishIds');

    const edited = await expectJson<KitchenMealPlan>(
      await people.kitchenOwner.client.request(path, { method: 'PUT', json: planInput({ name: 'Taco Week Plus', weeklyPrice: 5200, dishIds: [f.dishes.churros.id] }) }),
      200,
    );
    expect(edited).toMatchObject({ name: 'Taco Week Plus', weeklyPrice: 5200, dishes: [{ name: 'Churros' }] });

    const paused = await expectJson<KitchenMealPlan>(await people.kitchenOwner.client.request(`${path}/status`, { method: 'POST', json: { status: 'paused' } }), 200);
    expect(paused.status).toBe('paused');
    const retired = await expectJson<KitchenMealPlan>(await people.kitchenOwner.client.request(`${path}/status`, { method: 'POST', json: { status: 'retired' } }), 200);
    expect(retired.status).toBe('retired');
    expect((await people.kitchenOwner.client.request(`${path}/status`, { method: 'POST', json: { status: 'active' } })).status).toBe(409);
    expect((await people.kitchenOwner.client.request(path, { method: 'PUT', json: planInput() })).status).toBe(409);

    const audit = await queryRows<{ action: string; actorEmail: string }>(
      t.database.db,
      sql`select action, actor_email as "actorEmail" from audit_log where entity_id = ${plan.id} order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['meal_plan.created', 'meal_plan.updated', 'meal_plan.paused', 'meal_plan.retired']);
    expect(audit.every((row) => row.actorEmail === people.kitchenOwner.email)).toBe(true);
  });

  it('lets customers find active plans near them and subscribe, pause, resume and cancel their own', async () => {
    const plan = await publish({ name: 'Subscribers Week' });
    const listed = await expectJson<MealPlanPage>(await t.request('/api/meal-plans?latitude=30.27&longitude=-97.74&pageSize=50'), 200);
    const shown = listed.items.find((item) => item.id === plan.id);
    // The kitchen's clock comes along: the subscribe dialog works out the first delivery by it.
    expect(shown).toMatchObject({ weeklyPrice: 4500, mealsPerWeek: 5, kitchen: { id: f.kitchenId, businessName: 'Taco Test Kitchen', timeZone: KITCHEN_TIME_ZONE } });
    expect(shown!.menu.map((dish) => dish.name)).toEqual(['Brisket Tacos', 'Churros']);
    expect(shown!.kitchen.distanceMiles).toBeLessThan(1);
    const farAway = await expectJson<MealPlanPage>(await t.request('/api/meal-plans?latitude=40.72&longitude=-74.04'), 200);
    expect(farAway.items.map((item) => item.id)).not.toContain(plan.id);

    // Another customer's address is not theirs to use; staff do not subscribe.
    const othersAddress = await addressOf(people.otherCustomer);
    const stolen = await people.customer.client.request(`/api/meal-plans/${plan.id}/subscriptions`, { method: 'POST', json: { addressId: othersAddress } });
    expect(stolen.status).toBe(404);
    expect((await people.manager.client.request(`/api/meal-plans/${plan.id}/subscriptions`, { method: 'POST', json: { addressId: othersAddress } })).status).toBe(403);

    const subscription = await subscribe(people.customer, plan.id);
    expect(subscription).toMatchObject({ status: 'active', weeklyPrice: 4500, paymentMethod: 'cash_on_delivery', plan: { id: plan.id, kitchen: { businessName: 'Taco Test Kitchen' } } });
    expect(subscription.nextDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await people.customer.client.request(`/api/meal-plans/${plan.id}/subscriptions`, { method: 'POST', json: { addressId: await addressOf(people.customer) } })).status).toBe(409);
    const subscribersOf = async () => (await ownerPlans()).plans.find((owned) => owned.id === plan.id)!.subscribers;
    expect(await subscribersOf()).toEqual({ active: 1, paused: 0 });

    // Only its customer changes it.
    expect((await act(people.otherCustomer, subscription.id, 'pause')).status).toBe(404);
    expect((await act(people.kitchenOwner, subscription.id, 'pause')).status).toBe(403);
    expect(await expectJson<MealPlanSubscription>(await act(people.customer, subscription.id, 'pause'), 200)).toMatchObject({ status: 'paused', nextDelivery: null });
    // The owner sees a paused subscriber apart from the active ones.
    expect(await subscribersOf()).toEqual({ active: 0, paused: 1 });
    expect((await act(people.customer, subscription.id, 'pause')).status).toBe(409);
    expect((await expectJson<MealPlanSubscription>(await act(people.customer, subscription.id, 'resume'), 200)).status).toBe('active');
    expect((await expectJson<MealPlanSubscription>(await act(people.customer, subscription.id, 'cancel'), 200)).status).toBe('cancelled');
    expect((await act(people.customer, subscription.id, 'resume')).status).toBe(409);
    expect(await subscribersOf()).toEqual({ active: 0, paused: 0 });

    const mine = await expectJson<MealPlanSubscription[]>(await people.customer.client.request('/api/meal-plan-subscriptions'), 200);
    expect(mine.find((listedSubscription) => listedSubscription.id === subscription.id)?.status).toBe('cancelled');
    const theirs = await expectJson<MealPlanSubscription[]>(await people.otherCustomer.client.request('/api/meal-plan-subscriptions'), 200);
    expect(theirs.map((listedSubscription) => listedSubscription.id)).not.toContain(subscription.id);

    // A cancelled subscription may be followed by a new one; a paused plan takes none.
    await subscribe(people.customer, plan.id);
    await people.kitchenOwner.client.request(`/api/kitchen/meal-plans/${plan.id}/status`, { method: 'POST', json: { status: 'paused' } });
    const refused = await people.otherCustomer.client.request(`/api/meal-plans/${plan.id}/subscriptions`, { method: 'POST', json: { addressId: othersAddress } });
    expect(refused.status).toBe(409);
    const listedAfterPause = await expectJson<MealPlanPage>(await t.request('/api/meal-plans?pageSize=50'), 200);
    expect(listedAfterPause.items.map((item) => item.id)).not.toContain(plan.id);
  });

  it('refuses a subscription delivered to an address the kitchen does not deliver to, at the address', async () => {
    const plan = await publish({ name: 'Far Week' });
    const customer = await signedInPerson(t, { role: 'customer', firstName: 'Far' });
    // Seattle is some 1,800 miles from the Austin kitchen; San Antonio some 75.
    for (const place of [
      { city: 'Seattle', state: 'WA', zipCode: '98109' },
      { city: 'San Antonio', state: 'TX', zipCode: '78205' },
    ]) {
      const response = await customer.client.request(`/api/meal-plans/${plan.id}/subscriptions`, { method: 'POST', json: { addressId: await addressOf(customer, place) } });
      expect(response.status, place.city).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'OUT_OF_AREA', message: orderRefusals.outsideServiceArea, fields: { addressId: orderRefusals.outsideServiceArea } },
      });
    }
    expect((await ownerPlans()).plans.find((owned) => owned.id === plan.id)!.subscribers).toEqual({ active: 0, paused: 0 });
  });

  it('places one order per active subscription and week, in the kitchen queue, and none for paused or cancelled ones', async () => {
    // A clock a week ahead, on the day before the plan's delivery day in the kitchen's time zone.
    const at = new Date(Date.now() + 8 * DAY);
    const deliveryDate = addDays(localDate(at, KITCHEN_TIME_ZONE), 1);
    const deliveryDay = new Date(`${deliveryDate}T00:00:00Z`).getUTCDay();
    await t.database.db.update(cloudKitchens).set({ timeZone: KITCHEN_TIME_ZONE }).where(eq(cloudKitchens.id, f.kitchenId));
    const plan = await publish({ name: 'Weekly Run Plan', deliveryDay, weeklyPrice: 3900, mealsPerWeek: 4 });

    const activeCustomer = await signedInPerson(t, { role: 'customer', firstName: 'Active' });
    const pausedCustomer = await signedInPerson(t, { role: 'customer', firstName: 'Paused' });
    const cancelledCustomer = await signedInPerson(t, { role: 'customer', firstName: 'Cancelled' });
    const active = await subscribe(activeCustomer, plan.id);
    const paused = await subscribe(pausedCustomer, plan.id);
    const cancelled = await subscribe(cancelledCustomer, plan.id);
    await expectJson(await act(pausedCustomer, paused.id, 'pause'), 200);
    await expectJson(await act(cancelledCustomer, cancelled.id, 'cancel'), 200);

    // Two days before the delivery, nothing is due yet.
    expect(await runMealPlanDeliveries({ db: t.database.db, now: new Date(at.getTime() - DAY), logger: logger() })).toEqual([]);

    const placed = await runMealPlanDeliveries({ db: t.database.db, now: at, logger: logger() });
    expect(placed).toEqual([{ subscriptionId: active.id, deliveryDate }]);
    // Run again (a later tick, or another instance): nothing more.
    expect(await runMealPlanDeliveries({ db: t.database.db, now: new Date(at.getTime() + 60_000), logger: logger() })).toEqual([]);

    const ordersOf = async (customerProfileId: string) => (await kitchenOrders()).filter((order) => order.customer.profileId === customerProfileId);
    const [order, ...more] = await ordersOf(activeCustomer.profileId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      type: 'cloud_kitchen',
      status: 'placed',
      totalAmount: 3900,
      paymentMethod: 'cash_on_delivery',
      itemCount: 1,
      kitchen: { id: f.kitchenId },
    });
    expect(await ordersOf(pausedCustomer.profileId)).toEqual([]);
    expect(await ordersOf(cancelledCustomer.profileId)).toEqual([]);
    // The order is the customer's and shows its one line for the plan.
    const detail = await expectJson<{ lines: { name: string; unitPrice: number; quantity: number }[] }>(await activeCustomer.client.request(`/api/orders/${order!.id}`), 200);
    expect(detail.lines).toMatchObject([{ name: 'Weekly Run Plan', unitPrice: 3900, quantity: 1 }]);

    // The next week, two runs at once still make one order; the other kitchen never sees it.
    const nextWeek = new Date(at.getTime() + 7 * DAY);
    const runs = await Promise.all([
      runMealPlanDeliveries({ db: t.database.db, now: nextWeek, logger: logger() }),
      runMealPlanDeliveries({ db: t.database.db, now: nextWeek, logger: logger() }),
    ]);
    expect(runs.flat()).toEqual([{ subscriptionId: active.id, deliveryDate: addDays(deliveryDate, 7) }]);
    expect(await ordersOf(activeCustomer.profileId)).toHaveLength(2);
    const otherQueue = await expectJson<StaffOrderPage>(await people.otherKitchenOwner.client.request('/api/staff/orders?view=all&pageSize=100'), 200);
    expect(otherQueue.orders.filter((row) => row.customer.profileId === activeCustomer.profileId)).toEqual([]);

    // Resumed, the paused subscription gets the following week; a retired plan makes no more orders.
    await expectJson(await act(pausedCustomer, paused.id, 'resume'), 200);
    const weekThree = new Date(at.getTime() + 14 * DAY);
    expect((await runMealPlanDeliveries({ db: t.database.db, now: weekThree, logger: logger() })).map((delivery) => delivery.subscriptionId).sort()).toEqual(
      [active.id, paused.id].sort(),
    );
    await expectJson(await people.kitchenOwner.client.request(`/api/kitchen/meal-plans/${plan.id}/status`, { method: 'POST', json: { status: 'retired' } }), 200);
    expect(await runMealPlanDeliveries({ db: t.database.db, now: new Date(at.getTime() + 21 * DAY), logger: logger() })).toEqual([]);
    const [afterRetire] = await t.database.db.select().from(mealPlanSubscriptions).where(eq(mealPlanSubscriptions.id, active.id));
    expect(afterRetire!.status).toBe('cancelled');
  });

  it('runs the weekly run at start-up on the clock it is given', async () => {
    const at = new Date(Date.now() + 40 * DAY);
    const deliveryDate = addDays(localDate(at, KITCHEN_TIME_ZONE), 1);
    const plan = await publish({ name: 'Scheduled Plan', deliveryDay: new Date(`${deliveryDate}T00:00:00Z`).getUTCDay() });
    const subscriber = await signedInPerson(t, { role: 'customer', firstName: 'Sched' });
    await subscribe(subscriber, plan.id);

    const scheduler = startMealPlanScheduler({ db: t.database.db, logger: logger(), now: () => at, intervalMs: 60 * 60 * 1000 });
    await scheduler.stop();
    const orders = (await kitchenOrders()).filter((order) => order.customer.profileId === subscriber.profileId);
    expect(orders).toHaveLength(1);
  });
});
