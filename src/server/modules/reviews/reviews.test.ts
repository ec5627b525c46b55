import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenMenu, KitchenSummary } from '@/shared/contracts/kitchens';
import type { Order, RatingSummary } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, signedInPerson, type FixtureOrder, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { ratings } from './reviews.tables';

describe.each(databaseKinds)('ratings on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let p: OrderPeople;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    p = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A delivered order of a product, its BOGO set, a bundle; or of dishes. */
  const groceries = (who: Person, overrides: Partial<FixtureOrder> = {}) =>
    createOrder(t.database.db, {
      customerProfileId: who.profileId,
      warehouseId: f.warehouses.austin.id,
      lines: [
        { itemType: 'product', productId: f.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 49 },
        { itemType: 'bogo', bogoOfferId: f.bogo.id, productId: f.products.apples.id, name: 'Buy 2 Get 1 Apples', quantity: 3, unitPrice: 133 },
        { itemType: 'bundle', bundleId: f.bundle.id, name: 'Fruit Basket', quantity: 1, unitPrice: 400 },
      ],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
      ...overrides,
    });
  const dishes = (who: Person, overrides: Partial<FixtureOrder> = {}) =>
    createOrder(t.database.db, {
      customerProfileId: who.profileId,
      warehouseId: f.warehouses.austin.id,
      cloudKitchenId: f.kitchenId,
      lines: [
        { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, name: 'Brisket Tacos', quantity: 1, unitPrice: 1299 },
        { itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.churros.id, name: 'Churros', quantity: 1, unitPrice: 599 },
      ],
      status: 'delivered',
      driverProfileId: p.driver.profileId,
      ...overrides,
    });


  const rate = (who: Person, body: { orderId: string; orderLineId: string; stars: number; comment?: string }) =>
    who.client.request('/api/ratings', { method: 'PUT', json: body });

  it('rates a received product once per customer, editing in place, and shows it on the order line', async () => {
    const customer = await signedInPerson(t, { role: 'customer', firstName: 'Ann', lastName: 'baker' });
    const order = await groceries(customer);
    let summary = await expectJson<RatingSummary>(await rate(customer, { orderId: order.id, orderLineId: order.lineIds[0]!, stars: 3, comment: 'Fine' }));
    expect(summary).toMatchObject({ average: 3, count: 1 });
    // Again, from a later order of the same product: the same rating, edited.
    const later = await groceries(customer);
    summary = await expectJson<RatingSummary>(await rate(customer, { orderId: later.id, orderLineId: later.lineIds[0]!, stars: 5, comment: '<b>Sweet</b>' }));
    expect(summary).toMatchObject({ average: 5, count: 1, recent: [{ stars: 5, comment: '<b>Sweet</b>', author: 'Ann B.' }] });
    const rows = await t.database.db.select().from(ratings).where(and(eq(ratings.profileId, customer.profileId), eq(ratings.productId, f.products.bananas.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stars: 5, orderId: later.id });

    const shown = await expectJson<Order>(await customer.client.request(`/api/orders/${order.id}`));
    expect(shown.lines[0]!.rating).toEqual({ stars: 5, comment: '<b>Sweet</b>' });
    expect(shown.lines[1]!.rating).toBeNull();
    expect(shown.actions.rate).toBe(true);
  });

  it('rates a BOGO line as its product, refuses bundles, and averages customers to one decimal', async () => {
    const [a, b, c] = [await signedInPerson(t, { role: 'customer' }), await signedInPerson(t, { role: 'customer' }), await signedInPerson(t, { role: 'customer' })];
    for (const [who, stars] of [[a, 5], [b, 4], [c, 4]] as const) {
      const order = await groceries(who);
      await expectJson<RatingSummary>(await rate(who, { orderId: order.id, orderLineId: order.lineIds[1]!, stars }));
      const bundle = await expectError(await rate(who, { orderId: order.id, orderLineId: order.lineIds[2]!, stars }), 400, 'NOT_RATABLE');
      expect(bundle.fields).toEqual({ orderLineId: orderRefusals.bundleNotRatable });
    }
    const summary = await expectJson<RatingSummary>(await t.request(`/api/ratings/products/${f.products.apples.id}`));
    // (5 + 4 + 4) / 3 = 4.33…
    expect(summary).toEqual({ average: 4.3, count: 3, recent: [] });
  });

  it('refuses a rating for something not received, or in someone else’s order, or by staff', async () => {
    const placed = await groceries(p.customer, { status: 'out_for_delivery' });
    const notYet = await expectError(await rate(p.customer, { orderId: placed.id, orderLineId: placed.lineIds[0]!, stars: 5 }), 403, 'NOT_RECEIVED');
    expect(notYet.message).toBe(orderRefusals.notReceived);
    const cancelled = await groceries(p.customer, { status: 'cancelled' });
    await expectError(await rate(p.customer, { orderId: cancelled.id, orderLineId: cancelled.lineIds[0]!, stars: 5 }), 403, 'NOT_RECEIVED');
    const theirs = await groceries(p.otherCustomer);
    await expectError(await rate(p.customer, { orderId: theirs.id, orderLineId: theirs.lineIds[0]!, stars: 5 }), 404, 'NOT_FOUND');
    const mine = await groceries(p.customer);
    await expectError(await rate(p.customer, { orderId: mine.id, orderLineId: theirs.lineIds[0]!, stars: 5 }), 404, 'NOT_RECEIVED');
    await expectError(await rate(p.support, { orderId: mine.id, orderLineId: mine.lineIds[0]!, stars: 5 }), 403, 'FORBIDDEN');
    await expectError(await rate(p.customer, { orderId: mine.id, orderLineId: mine.lineIds[0]!, stars: 6 }), 400, 'VALIDATION_FAILED');
    expect(await t.database.db.select().from(ratings).where(eq(ratings.profileId, p.customer.profileId))).toEqual([]);
  });

  it("rates dishes, and a kitchen's rating is the average of its dishes' ratings on its cards and page", async () => {
    const [a, b] = [await signedInPerson(t, { role: 'customer', firstName: 'Cy', lastName: 'Dunn' }), await signedInPerson(t, { role: 'customer' })];
    const first = await dishes(a);
    await expectJson(await rate(a, { orderId: first.id, orderLineId: first.lineIds[0]!, stars: 5, comment: 'Best tacos' }));
    await expectJson(await rate(a, { orderId: first.id, orderLineId: first.lineIds[1]!, stars: 4 }));
    const second = await dishes(b);
    await expectJson(await rate(b, { orderId: second.id, orderLineId: second.lineIds[1]!, stars: 2, comment: 'Soggy' }));

    const tacos = await expectJson<RatingSummary>(await t.request(`/api/ratings/dishes/${f.dishes.tacos.id}`));
    expect(tacos).toMatchObject({ average: 5, count: 1 });
    const kitchen = await expectJson<RatingSummary>(await t.request(`/api/ratings/kitchens/${f.kitchenId}`));
    // (5 + 4 + 2) / 3 = 3.67 → 3.7; the latest comment first.
    expect(kitchen).toMatchObject({ average: 3.7, count: 3, recent: [{ comment: 'Soggy' }, { comment: 'Best tacos', author: 'Cy D.' }] });

    const menu = await expectJson<KitchenMenu>(await t.request(`/api/kitchens/${f.kitchenId}`));
    expect(menu.kitchen).toMatchObject({ rating: 3.7, ratingCount: 3 });
    // Each dish on the menu carries its own: tacos 5 from one rating, the other (4 + 2) / 2 = 3 from two.
    const menuDishes = new Map(menu.sections.flatMap((section) => section.dishes).map((dish) => [dish.id, dish]));
    expect(menuDishes.get(f.dishes.tacos.id)).toMatchObject({ rating: 5, ratingCount: 1 });
    expect([...menuDishes.values()].filter((dish) => dish.ratingCount > 0).map((dish) => [dish.rating, dish.ratingCount]).sort()).toEqual([[3, 2], [5, 1]]);
    const nearby = await expectJson<{ cloudKitchens: KitchenSummary[] }>(
      await t.request('/api/kitchens/nearby', { method: 'POST', json: { userLatitude: 30.27, userLongitude: -97.74 } }),
    );
    expect(nearby.cloudKitchens.find((candidate) => candidate.id === f.kitchenId)).toMatchObject({ rating: 3.7, ratingCount: 3 });
  });

  it('answers an empty summary for an item nobody rated', async () => {
    expect(await expectJson<RatingSummary>(await t.request(`/api/ratings/products/${f.products.carrots.id}`))).toEqual({ average: null, count: 0, recent: [] });
    await expectError(await t.request('/api/ratings/products/not-an-id'), 400, 'VALIDATION_FAILED');
  });
});
