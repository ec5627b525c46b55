import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlacedOrder } from '@/shared/contracts/orders';
import { queryRows } from '../../db/client';
import { createAccount, createProduct } from '../../db/seed/factories';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { addCartItem } from '../cart/add-cart-item';
import { createAddress } from '../locations/create-address';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { stockOf, tomorrowAt } from '../../test/checkout-helpers';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { placeOrder } from './place-order';
import { quoteCheckout } from './quote-checkout';

const hasServer = Boolean(process.env.TEST_DATABASE_URL);
const now = tomorrowAt(14);

/** Races only mean something on a server with real concurrent connections: PostgreSQL. */
describe.skipIf(!hasServer)('placing orders at once on postgres', () => {
  let t: TestApp;
  let f: CatalogFixture;
  const quiet = pino({ level: 'silent' });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    t = await createTestApp({ kind: 'postgres' });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const db = () => t.database.db;

  /** A customer with an Austin address, as the use cases see them. */
  async function customers(count: number): Promise<{ viewer: Viewer; addressId: string }[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const email = uniqueEmail('race');
        const { userId, profile } = await createAccount({ db: db(), auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Rae', lastName: 'Ce', role: 'customer' } });
        const viewer: Viewer = { userId, email, role: 'customer', profileId: profile.id, warehouseIds: [], kitchenIds: [] };
        const address = await createAddress({ db: db(), geocoder: t.deps.geocoder, viewer, input: { label: 'Home', streetAddress: '1 Race St', city: 'Austin', state: 'TX', zipCode: '78701', unit: '', deliveryInstructions: '', isDefault: true } });
        return { viewer, addressId: address.id };
      }),
    );
  }

  async function fill(viewer: Viewer, productId: string, quantity = 1) {
    await addCartItem({ db: db(), viewer, item: { itemType: 'product', productId, warehouseId: f.warehouses.austin.id, quantity } });
  }

  async function totalFor(viewer: Viewer, addressId: string, delivery: { kind: 'asap' } | { kind: 'window'; start: string } = { kind: 'asap' }) {
    const quote = await quoteCheckout({ db: db(), viewer, input: { addressId, delivery, tip: 0 }, cardEnabled: false });
    expect(quote.problems).toEqual([]);
    return quote;
  }

  const place = (viewer: Viewer, addressId: string, expectedTotal: number, options: { key?: string; delivery?: { kind: 'asap' } | { kind: 'window'; start: string } } = {}) =>
    placeOrder({
      db: db(),
      viewer,
      input: { addressId, delivery: options.delivery ?? { kind: 'asap' }, tip: 0, paymentMethod: 'cash_on_delivery', driverNotes: '', substitutions: {}, expectedTotal },
      idempotencyKey: options.key ?? `race-${randomBytes(8).toString('hex')}`,
      payments: t.deps.payments,
      mailer: t.deps.mailer,
      logger: quiet,
    });

  const codeOf = (result: PromiseSettledResult<PlacedOrder>) => (result.status === 'rejected' ? (result.reason instanceof AppError ? result.reason.code : String(result.reason)) : 'placed');

  it('50 customers racing for the last 10 units: exactly 10 orders, the stock at 0, every other answer LINES_UNAVAILABLE', async () => {
    const item = await createProduct({
      db: db(),
      name: 'Last Ten',
      sku: 'T-RACE-10',
      categoryId: f.categories.produce.id,
      shelves: [{ warehouseId: f.warehouses.austin.id, price: 250, stockQuantity: 10 }],
    });
    const racers = await customers(50);
    for (const { viewer } of racers) await fill(viewer, item.id);
    const { totals } = await totalFor(racers[0]!.viewer, racers[0]!.addressId);

    const results = await Promise.allSettled(racers.map(({ viewer, addressId }) => place(viewer, addressId, totals.totalAmount)));
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'placed')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'placed')).toEqual(Array.from({ length: 40 }, () => 'LINES_UNAVAILABLE'));
    expect(await stockOf(db(), f.warehouses.austin.id, [item.id])).toEqual({ [item.id]: 0 });
    const [sold] = await queryRows<{ orders: number; units: number }>(
      db(),
      sql`select count(distinct order_id)::int as orders, sum(quantity)::int as units from order_items where product_id = ${item.id}`,
    );
    expect(sold).toEqual({ orders: 10, units: 10 });
    // Every order is whole: its event and payment were written with it.
    const [whole] = await queryRows<{ incomplete: number }>(
      db(),
      sql`select count(*)::int as incomplete from orders o join order_items i on i.order_id = o.id and i.product_id = ${item.id}
        where not exists (select 1 from order_events e where e.order_id = o.id) or not exists (select 1 from payments p where p.order_id = o.id)`,
    );
    expect(whole!.incomplete).toBe(0);
  });

  it('the last place of a window is sold once under 20 concurrent placements', async () => {
    const racers = await customers(20);
    for (const { viewer } of racers) await fill(viewer, f.products.bananas.id);
    const quote = await totalFor(racers[0]!.viewer, racers[0]!.addressId);
    const window = quote.delivery.windows.at(-1)!;
    // 19 of the 20 places are taken already.
    await db().execute(sql`insert into slot_bookings (resource_id, slot_start, booked) values (${f.warehouses.austin.id}, ${window.start}::timestamptz, 19)`);
    const delivery = { kind: 'window' as const, start: window.start };

    const results = await Promise.allSettled(racers.map(({ viewer, addressId }) => place(viewer, addressId, quote.totals.totalAmount, { delivery })));
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'placed')).toHaveLength(1);
    expect(codes.filter((code) => code !== 'placed')).toEqual(Array.from({ length: 19 }, () => 'WINDOW_FULL'));
    const [slot] = await queryRows<{ booked: number }>(db(), sql`select booked from slot_bookings where resource_id = ${f.warehouses.austin.id} and slot_start = ${window.start}::timestamptz`);
    expect(slot!.booked).toBe(20);
    const [orders] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from orders where window_start = ${window.start}::timestamptz`);
    expect(orders!.count).toBe(1);
  });

  it('10 concurrent requests with one idempotency key place one order and all answer it', async () => {
    const { viewer, addressId } = (await customers(1))[0]!;
    await fill(viewer, f.products.apples.id, 2);
    const { totals } = await totalFor(viewer, addressId);
    const key = `same-${randomBytes(8).toString('hex')}`;
    const stockBefore = await stockOf(db(), f.warehouses.austin.id, [f.products.apples.id]);

    const results = await Promise.all(Array.from({ length: 10 }, () => place(viewer, addressId, totals.totalAmount, { key })));
    expect(new Set(results.map((result) => result.orderId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    const [orders] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from orders where customer_profile_id = ${viewer.profileId}`);
    expect(orders!.count).toBe(1);
    expect(await stockOf(db(), f.warehouses.austin.id, [f.products.apples.id])).toEqual({ [f.products.apples.id]: stockBefore[f.products.apples.id]! - 2 });
  });
});
