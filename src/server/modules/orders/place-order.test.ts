import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { createAccount } from '../../db/seed/factories';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { addCartItem } from '../cart/add-cart-item';
import { lockCart, writeLine } from '../cart/cart-access';
import { createAddress } from '../locations/create-address';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { tomorrowAt, writtenCounts } from '../../test/checkout-helpers';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds, type DatabaseKind } from '../../test/test-database';
import { spyOnQueries } from '../../test/pg-query-spy';
import { ORDER_EVENTS_CHANNEL } from './order-events';
import { placeOrder } from './place-order';
import { quoteCheckout } from './quote-checkout';

const quiet = pino({ level: 'silent' });

/** A signed-up customer with an Austin address and a fixture app, as the use cases see them. */
function placementSuite(kind: DatabaseKind) {
  const s = {} as { t: TestApp; f: CatalogFixture };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: tomorrowAt(14) });
    s.t = await createTestApp({ kind });
    s.f = await createCatalogFixture({ database: s.t.database, auth: s.t.deps.auth });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await s.t?.close();
  });

  const db = () => s.t.database.db;

  async function customer(): Promise<{ viewer: Viewer; addressId: string }> {
    const email = uniqueEmail('placing');
    const { userId, profile } = await createAccount({ db: db(), auth: s.t.deps.auth, account: { email, password: testPassword, firstName: 'Pla', lastName: 'Cer', role: 'customer' } });
    const viewer: Viewer = { userId, email, role: 'customer', profileId: profile.id, warehouseIds: [], kitchenIds: [] };
    const address = await createAddress({ db: db(), geocoder: s.t.deps.geocoder, viewer, input: { label: 'Home', streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', unit: '', deliveryInstructions: '', isDefault: true } });
    return { viewer, addressId: address.id };
  }

  const fill = (viewer: Viewer, productId: string, quantity = 1) =>
    addCartItem({ db: db(), viewer, item: { itemType: 'product', productId, warehouseId: s.f.warehouses.austin.id, quantity } });

  async function totalFor(viewer: Viewer, addressId: string) {
    const quote = await quoteCheckout({ db: db(), viewer, input: { addressId, delivery: { kind: 'asap' }, tip: 0 }, cardEnabled: false });
    expect(quote.problems).toEqual([]);
    return quote.totals.totalAmount;
  }

  const place = (viewer: Viewer, addressId: string, expectedTotal: number, key = `placing-${randomBytes(8).toString('hex')}`) =>
    placeOrder({
      db: db(),
      viewer,
      input: { addressId, delivery: { kind: 'asap' }, tip: 0, paymentMethod: 'cash_on_delivery', driverNotes: '', substitutions: {}, expectedTotal },
      idempotencyKey: key,
      payments: s.t.deps.payments,
      mailer: s.t.deps.mailer,
      logger: quiet,
    });

  const cartLines = async (viewer: Viewer) =>
    queryRows<{ productId: string; quantity: number }>(
      db(),
      sql`select ci.product_id as "productId", ci.quantity from cart_items ci join carts c on c.id = ci.cart_id where c.profile_id = ${viewer.profileId} order by ci.added_order`,
    );

  return { s, db, customer, fill, totalFor, place, cartLines };
}

describe.each(databaseKinds)('placing an order on %s', (kind) => {
  const { s, db, customer, fill, totalFor, place, cartLines } = placementSuite(kind);

  it('announces the placed event exactly as it is stored', async () => {
    const { viewer, addressId } = await customer();
    await fill(viewer, s.f.products.bananas.id, 2);
    const heard: string[] = [];
    const unlisten = await s.t.database.listen(ORDER_EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      const placed = await place(viewer, addressId, await totalFor(viewer, addressId));
      await vi.waitFor(() => expect(heard.some((payload) => payload.includes(placed.orderId))).toBe(true));
      const [stored] = await queryRows<{ id: number | string; at: Date | string }>(
        db(),
        sql`select id, created_at as at from order_events where order_id = ${placed.orderId}`,
      );
      const message = heard.map((payload) => JSON.parse(payload) as Record<string, unknown>).find((event) => event.orderId === placed.orderId);
      expect(message).toEqual({ id: String(stored!.id), orderId: placed.orderId, status: 'placed', at: new Date(stored!.at).toISOString(), actor: 'customer', note: '' });
    } finally {
      await unlisten();
    }
  });

  it('a repeat under the same key with the cart filled again answers the same order, writes nothing and keeps the cart', async () => {
    const { viewer, addressId } = await customer();
    await fill(viewer, s.f.products.bananas.id, 2);
    const total = await totalFor(viewer, addressId);
    const first = await place(viewer, addressId, total, 'refilled-key');
    await fill(viewer, s.f.products.bananas.id, 2);
    const before = await writtenCounts(db());
    const again = await place(viewer, addressId, total, 'refilled-key');
    expect(again).toMatchObject({ orderId: first.orderId, orderNumber: first.orderNumber, replayed: true });
    expect(await writtenCounts(db())).toEqual(before);
    expect(await cartLines(viewer)).toEqual([{ productId: s.f.products.bananas.id, quantity: 2 }]);
  });

  it('a different cart under a used key is refused and keeps the cart', async () => {
    const { viewer, addressId } = await customer();
    await fill(viewer, s.f.products.bananas.id, 2);
    await place(viewer, addressId, await totalFor(viewer, addressId), 'reused-key');
    await fill(viewer, s.f.products.apples.id, 1);
    const total = await totalFor(viewer, addressId);
    const before = await writtenCounts(db());
    const refused = await place(viewer, addressId, total, 'reused-key').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await writtenCounts(db())).toEqual(before);
    expect(await cartLines(viewer)).toEqual([{ productId: s.f.products.apples.id, quantity: 1 }]);
  });
});

/** Waiting on a lock and counting what goes over the wire only mean something on a server: PostgreSQL. */
describe.skipIf(!databaseKinds.includes('postgres'))('placing an order on postgres, over the wire', () => {
  const { s, db, customer, fill, totalFor, place, cartLines } = placementSuite('postgres');

  it('places an order in 10 prepared statements after reading the session: begin, 8 reads and writes, commit, in 4 writes', async () => {
    const { viewer, addressId } = await customer();
    await fill(viewer, s.f.products.bananas.id, 3);
    const total = await totalFor(viewer, addressId);
    const sent: string[] = [];
    const spy = spyOnQueries(sent);
    const writes = [vi.spyOn(Socket.prototype, '_write'), vi.spyOn(Socket.prototype, '_writev')];
    let written = 0;
    try {
      await place(viewer, addressId, total);
      written = writes.reduce((total, write) => total + write.mock.calls.length, 0);
    } finally {
      spy.restore();
      for (const write of writes) write.mockRestore();
    }
    // Asked for together, so sent together: begin, the cart and the address; the warehouse and the
    // lines; the order, its payment, its stock and its hour; then the commit.
    expect(written).toBe(4);
    expect(sent).toEqual([
      'begin',
      'lock_and_take_cart',
      'own_address',
      'delivery_warehouse',
      'describe_cart_items',
      'insert_order',
      'insert_payment',
      'stock_take_units',
      'book_slot',
      'commit',
    ]);
  });

  it('a cart change committed while the placement waits for the cart is part of what it places', async () => {
    const { viewer, addressId } = await customer();
    await fill(viewer, s.f.products.bananas.id, 1);
    const bananasOnly = await totalFor(viewer, addressId);
    let placing: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      const cartId = await lockCart(tx, viewer.profileId);
      await writeLine(tx, cartId, {
        itemType: 'product',
        productId: s.f.products.apples.id,
        bundleId: null,
        bogoOfferId: null,
        cloudKitchenProductId: null,
        warehouseId: s.f.warehouses.austin.id,
        quantity: 1,
        unitPrice: 199,
        originalPrice: 199,
      });
      placing = place(viewer, addressId, bananasOnly).catch((error: unknown) => error);
      // Long enough for the placement to be waiting on the cart's lock when this commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = await placing;
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('TOTAL_CHANGED');
    expect(await cartLines(viewer)).toEqual([
      { productId: s.f.products.bananas.id, quantity: 1 },
      { productId: s.f.products.apples.id, quantity: 1 },
    ]);
  });
});
