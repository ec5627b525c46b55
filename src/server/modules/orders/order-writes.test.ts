import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { createAccount } from '../../db/seed/factories';
import type { Viewer } from '../../lib/context';
import { addCartItem } from '../cart/add-cart-item';
import { createAddress } from '../locations/create-address';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { tomorrowAt } from '../../test/checkout-helpers';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import type * as orderNumbers from './order-number';
import { newOrderNumber } from './order-number';
import { placeOrder } from './place-order';
import { quoteCheckout } from './quote-checkout';

vi.mock('./order-number', async (original) => ({ ...(await original<typeof orderNumbers>()), newOrderNumber: vi.fn() }));

describe.each(databaseKinds)('order numbers on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: tomorrowAt(14) });
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  async function placeOne(idempotencyKey: string, now?: Date) {
    const db = t.database.db;
    const email = uniqueEmail('numbers');
    const { userId, profile } = await createAccount({ db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Nu', lastName: 'Mber', role: 'customer' } });
    const viewer: Viewer = { userId, email, role: 'customer', profileId: profile.id, warehouseIds: [], kitchenIds: [] };
    const address = await createAddress({ db, geocoder: t.deps.geocoder, viewer, input: { label: 'Home', streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', unit: '', deliveryInstructions: '', isDefault: true } });
    await addCartItem({ db, viewer, item: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 } });
    const quote = await quoteCheckout({ db, viewer, input: { addressId: address.id, delivery: { kind: 'asap' }, tip: 0 }, cardEnabled: false, now });
    return placeOrder({
      db,
      viewer,
      input: { addressId: address.id, delivery: { kind: 'asap' }, tip: 0, paymentMethod: 'cash_on_delivery', driverNotes: '', substitutions: {}, expectedTotal: quote.totals.totalAmount },
      idempotencyKey,
      payments: t.deps.payments,
      mailer: t.deps.mailer,
      logger: pino({ level: 'silent' }),
      now,
    });
  }

  it('draws another number when one is taken, without aborting the transaction', async () => {
    const draw = vi.mocked(newOrderNumber);
    draw.mockReturnValueOnce('FC-20261123-AAAA');
    const first = await placeOne('numbers-first');
    draw.mockReturnValueOnce('FC-20261123-AAAA').mockReturnValueOnce('FC-20261123-AAAA').mockReturnValueOnce('FC-20261123-BBBB');
    const second = await placeOne('numbers-second');
    expect([first.orderNumber, second.orderNumber]).toEqual(['FC-20261123-AAAA', 'FC-20261123-BBBB']);
    const rows = await queryRows<{ number: string; lines: number }>(
      t.database.db,
      sql`select o.order_number as number, (select count(*) from order_items i where i.order_id = o.id)::int as lines from orders o order by o.order_number`,
    );
    expect(rows).toEqual([
      { number: 'FC-20261123-AAAA', lines: 1 },
      { number: 'FC-20261123-BBBB', lines: 1 },
    ]);
  });

  it("dates the number in the warehouse's time zone, where its times are shown", async () => {
    const draw = vi.mocked(newOrderNumber);
    draw.mockReturnValueOnce('FC-20261123-CCCC');
    await placeOne('numbers-zone');
    // No placing time given: the number is dated now.
    expect(draw).toHaveBeenLastCalledWith('America/Chicago', undefined);
  });

  it('dates an order placed at an earlier time (a seeded history) then: its number, its placing and its first event', async () => {
    const placedAt = new Date(tomorrowAt(14).getTime() - 3 * 86_400_000);
    const draw = vi.mocked(newOrderNumber);
    draw.mockReturnValueOnce('FC-20261120-DDDD');
    const placed = await placeOne('numbers-earlier', placedAt);
    expect(draw).toHaveBeenLastCalledWith('America/Chicago', placedAt);
    const [row] = await queryRows<{ placedAt: Date | string; eventAt: Date | string }>(
      t.database.db,
      sql`select o.placed_at as "placedAt", e.created_at as "eventAt" from orders o join order_events e on e.order_id = o.id where o.id = ${placed.orderId}`,
    );
    expect([new Date(row!.placedAt).toISOString(), new Date(row!.eventAt).toISOString()]).toEqual([placedAt.toISOString(), placedAt.toISOString()]);
  });
});
