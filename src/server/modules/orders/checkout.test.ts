import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@/shared/contracts/cart';
import type { Address } from '@/shared/contracts/locations';
import type { CheckoutQuote, Order, PlacedOrder, PlaceOrderInput } from '@/shared/contracts/orders';
import { staffOrderPage } from '@/shared/contracts/staff';
import { orderRefusals, paymentCopy } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createBogoOffer, createProduct } from '../../db/seed/factories';
import type { MailMessage, Mailer } from '../../providers/mail';
import { createPayOnDeliveryProvider, type PaymentProvider } from '../../providers/payments';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { stockOf, tomorrowAt, writtenCounts } from '../../test/checkout-helpers';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { signedInPerson } from '../../test/order-fixture';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

/** Captures the mail the app sends; a failing one throws instead. */
function captureMailer() {
  const sent: MailMessage[] = [];
  let failing = false;
  const mailer: Mailer = {
    name: 'capture',
    async send(message) {
      if (failing) throw new Error('SMTP is down');
      sent.push(message);
    },
    async verify() {},
  };
  return { mailer, sent, fail: (value: boolean) => (failing = value) };
}

/** A card provider that answers intents from memory, or fails them. */
function cardProvider(options: { failIntents?: boolean } = {}) {
  const intents: { amount: number; orderId: string; idempotencyKey: string }[] = [];
  const provider: PaymentProvider = {
    ...createPayOnDeliveryProvider(),
    name: 'stripe',
    cardEnabled: true,
    publishableKey: 'pk_test_123',
    async createIntent(input) {
      if (options.failIntents) throw new Error('Invalid API key provided');
      intents.push(input);
      return { id: `pi_${input.orderId.slice(0, 8)}`, clientSecret: `pi_${input.orderId.slice(0, 8)}_secret_abc` };
    },
  };
  return { provider, intents };
}

// Tomorrow 14:00 in Austin: the warehouse is delivering, and windows are left today and tomorrow.
const now = tomorrowAt(14);

describe.each(databaseKinds)('checkout on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  const mail = captureMailer();
  let payOnDelivery: PaymentProvider;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    t = await createTestApp({ kind, mailer: mail.mailer });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    payOnDelivery = t.deps.payments;
    await t.database.db.execute(sql`update warehouses set delivery_fee_cents = 299 where id = ${f.warehouses.austin.id}`);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const db = () => t.database.db;
  const austin = () => f.warehouses.austin.id;
  const key = () => `key-${randomBytes(8).toString('hex')}`;


  async function customer(): Promise<TestClient> {
    const client = t.client();
    const { response } = await signUp(client);
    expect(response.status).toBe(200);
    return client;
  }

  async function addressOf(client: TestClient, zipCode = '78701', city = 'Austin'): Promise<string> {
    const saved = await expectJson<{ id: string }>(
      await client.request('/api/addresses', { method: 'POST', json: { label: 'Home', streetAddress: '1 Test Way', city, state: 'TX', zipCode } }),
      201,
    );
    return saved.id;
  }

  async function add(client: TestClient, item: Record<string, unknown>): Promise<Cart> {
    const withWarehouse = item.itemType === 'cloud_kitchen' ? item : { warehouseId: austin(), ...item };
    return expectJson<Cart>(await client.request('/api/cart/items', { method: 'POST', json: withWarehouse }));
  }

  const quote = (client: TestClient, body: object) => client.request('/api/checkout/quote', { method: 'POST', json: body });
  const place = (client: TestClient, body: PlaceOrderInput, idempotencyKey = key()) =>
    client.request('/api/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': idempotencyKey } });

  /** A customer with an Austin address and a cart, and the quote for it. */
  async function ready(items: Record<string, unknown>[], body: object = {}) {
    const client = await customer();
    const addressId = await addressOf(client);
    let cart: Cart | undefined;
    for (const item of items) cart = await add(client, item);
    const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId, ...body }));
    return { client, addressId, cart: cart!, quoted };
  }

  let skuCount = 0;
  async function product(price: number, stock: number) {
    skuCount += 1;
    return createProduct({
      db: db(),
      name: `Test Product ${skuCount}`,
      sku: `T-CHK-${kind}-${skuCount}`,
      categoryId: f.categories.produce.id,
      subcategoryId: f.subcategories.fruit.id,
      shelves: [{ warehouseId: austin(), price, stockQuantity: stock }],
    });
  }

  const asap = (addressId: string, expectedTotal: number, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    addressId,
    delivery: { kind: 'asap' },
    tip: 0,
    paymentMethod: 'cash_on_delivery',
    expectedTotal,
    ...extra,
  });

  describe('the quote', () => {
    it('prices the cart with the fees, tip and savings by kind, from the serving warehouse', async () => {
      const { quoted } = await ready(
        [
          { itemType: 'product', productId: f.products.chicken.id, quantity: 2 },
          { itemType: 'bundle', bundleId: f.bundle.id, quantity: 1 },
          { itemType: 'bogo', bogoOfferId: f.bogo.id, quantity: 1 },
        ],
        { tip: 350 },
      );
      expect(quoted.kind).toBe('grocery');
      expect(quoted.lines.map((line) => [line.itemType, line.state, line.unitPrice, line.originalPrice])).toEqual([
        ['product', 'ok', 809, 899],
        ['bundle', 'ok', 400, 496],
        ['bogo', 'ok', 398, 597],
      ]);
      const subtotal = 2 * 809 + 400 + 398;
      expect(quoted.totals).toEqual({
        subtotal,
        // Σ (original − unit) × quantity: 2 × 90 for the quantity discount, 96 on the bundle, 199 on the deal.
        savings: { discounts: 180, bundles: 96, deals: 199, total: 475 },
        serviceFee: 48, // 2 % of 2416 = 48.32
        taxAmount: 199, // 8.25 % of 2416 = 199.32
        deliveryFee: 299,
        tip: 350,
        totalAmount: subtotal + 48 + 199 + 299 + 350,
      });
      expect(quoted.source).toMatchObject({ kind: 'warehouse', id: austin(), name: 'Austin' });
      expect(quoted.source!.distanceMiles).toBeLessThan(5);
      expect(quoted.serviceable).toBe(true);
      expect(quoted.problems).toEqual([]);
      expect(quoted.paymentMethods).toEqual(['cash_on_delivery']);
      expect(quoted.address).toMatchObject({ city: 'Austin', zipCode: '78701' });
    });

    it('offers ASAP with the pick time plus travel, and hour windows of the warehouse clock', async () => {
      const { quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      // Picking 20 minutes, and under 3 miles: the 10-minute minimum on the road.
      expect(quoted.delivery.asap).toEqual({ available: true, minutes: 30, estimatedAt: new Date(now.getTime() + 30 * 60_000).toISOString() });
      expect(quoted.delivery.timeZone).toBe('America/Chicago');
      const windows = quoted.delivery.windows;
      // Today 14:00 (too soon) to 21:00, and tomorrow 08:00 to 21:00.
      expect(windows).toHaveLength(8 + 14);
      expect(windows[0]).toMatchObject({ start: now.toISOString(), available: false, remaining: 20 });
      expect(windows[1]).toMatchObject({ available: true, remaining: 20 });
    });

    it('says which lines were repriced, are short of stock or no longer sold, and leaves the last two out of the totals', async () => {
      const repriced = await product(300, 10);
      const short = await product(200, 5);
      const gone = await product(150, 10);
      const client = await customer();
      const addressId = await addressOf(client);
      await add(client, { itemType: 'product', productId: repriced.id, quantity: 2 });
      await add(client, { itemType: 'product', productId: short.id, quantity: 4 });
      await add(client, { itemType: 'product', productId: gone.id, quantity: 1 });
      await db().execute(sql`update warehouse_products set price = 350 where product_id = ${repriced.id}`);
      await db().execute(sql`update warehouse_products set stock_quantity = 3 where product_id = ${short.id}`);
      await db().execute(sql`update warehouse_products set active = false where product_id = ${gone.id}`);

      const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId }));
      expect(quoted.lines.map(({ state, unitPrice, addedUnitPrice, availableQuantity, quantity }) => ({ state, unitPrice, addedUnitPrice, availableQuantity, quantity }))).toEqual([
        { state: 'repriced', unitPrice: 350, addedUnitPrice: 300, availableQuantity: 2, quantity: 2 },
        { state: 'out_of_stock', unitPrice: 200, addedUnitPrice: 200, availableQuantity: 3, quantity: 4 },
        { state: 'unavailable', unitPrice: 150, addedUnitPrice: 150, availableQuantity: 0, quantity: 1 },
      ]);
      expect(quoted.lines[2]!.name).toBe(gone.name);
      expect(quoted.totals.subtotal).toBe(700);
      expect(quoted.problems).toEqual([{ code: 'LINES_UNAVAILABLE', message: orderRefusals.linesUnavailable }]);
    });

    it('refuses an address beyond the range with the exact words, and asks for an address when there is none', async () => {
      const client = await customer();
      // San Antonio is some 75 miles from the Austin warehouse.
      const far = await addressOf(client, '78205', 'San Antonio');
      await add(client, { itemType: 'product', productId: f.products.bananas.id, quantity: 1 });
      const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId: far }));
      expect(quoted.serviceable).toBe(false);
      expect(quoted.source!.distanceMiles).toBeGreaterThan(40);
      expect(quoted.problems).toEqual([{ code: 'OUT_OF_AREA', message: 'Delivery not available to this area.' }]);
      const without = await expectJson<CheckoutQuote>(await quote(client, {}));
      expect(without.problems).toEqual([{ code: 'NO_ADDRESS', message: orderRefusals.noAddress }]);
    });

    it('an empty cart has nothing to price', async () => {
      const client = await customer();
      const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId: await addressOf(client) }));
      expect(quoted).toMatchObject({ kind: null, lines: [], source: null, totals: { totalAmount: 0 } });
      expect(quoted.problems).toEqual([{ code: 'EMPTY_CART', message: orderRefusals.emptyCart }]);
    });

    it('offers card payment only when a card provider is configured', async () => {
      const { client, addressId } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      t.deps.payments = cardProvider().provider;
      try {
        expect((await expectJson<CheckoutQuote>(await quote(client, { addressId }))).paymentMethods).toEqual(['cash_on_delivery', 'card']);
      } finally {
        t.deps.payments = payOnDelivery;
      }
    });

    it("another customer's address is not found, and the quote writes nothing", async () => {
      const owner = await customer();
      const theirs = await addressOf(owner);
      const client = await customer();
      await add(client, { itemType: 'product', productId: f.products.bananas.id, quantity: 1 });
      const before = await writtenCounts(db());
      await expectError(await quote(client, { addressId: theirs }), 404, 'ADDRESS_NOT_FOUND');
      const { addressId } = { addressId: await addressOf(client) };
      await expectJson<CheckoutQuote>(await quote(client, { addressId }));
      expect(await writtenCounts(db())).toEqual(before);
    });
  });

  describe('placing an order', () => {
    it('writes the order exactly as quoted: snapshots, event, payment, stock, delivery place, and empties the cart', async () => {
      const { client, addressId, quoted, cart } = await ready([
        { itemType: 'product', productId: f.products.chicken.id, quantity: 2 },
        { itemType: 'bundle', bundleId: f.bundle.id, quantity: 1 },
        { itemType: 'bogo', bogoOfferId: f.bogo.id, quantity: 1 },
      ]);
      const products = [f.products.chicken.id, f.products.bananas.id, f.products.apples.id];
      const stockBefore = await stockOf(db(), austin(), products);
      const before = await writtenCounts(db());
      const chickenLine = cart.items.find((line) => line.itemType === 'product')!;
      const bundleLine = cart.items.find((line) => line.itemType === 'bundle')!;

      const placed = await expectJson<PlacedOrder>(
        await place(client, asap(addressId, quoted.totals.totalAmount, { driverNotes: 'Ring twice', substitutions: { [chickenLine.id]: 'contact', [bundleLine.id]: 'refund' } })),
        201,
      );
      expect(placed).toMatchObject({ status: 'placed', totalAmount: quoted.totals.totalAmount, paymentMethod: 'cash_on_delivery', paymentClientSecret: null, replayed: false });
      expect(placed.orderNumber).toMatch(/^FC-\d{8}-[2-9A-HJ-NP-Z]{4}$/);
      expect(placed.orderNumber.slice(3, 11)).toBe(now.toISOString().slice(0, 10).replaceAll('-', ''));
      expect(placed.estimatedAt).toBe(quoted.delivery.asap.estimatedAt);

      const [order] = await queryRows<Record<string, unknown>>(db(), sql`select * from orders where id = ${placed.orderId}`);
      expect(order).toMatchObject({
        type: 'grocery',
        status: 'placed',
        warehouse_id: austin(),
        cloud_kitchen_id: null,
        address_id: addressId,
        street_address: '1 Test Way',
        city: 'Austin',
        zip_code: '78701',
        subtotal: quoted.totals.subtotal,
        discount_savings: 180,
        bundle_savings: 96,
        deal_savings: 199,
        service_fee: quoted.totals.serviceFee,
        delivery_fee: 299,
        tax_amount: quoted.totals.taxAmount,
        total_amount: quoted.totals.totalAmount,
        payment_method: 'cash_on_delivery',
        driver_notes: 'Ring twice',
        window_start: null,
      });
      expect(order!.delivery_code).toMatch(/^\d{4}$/);
      // ASAP at 14:30 holds a place in the 14:00 hour.
      expect(new Date(order!.booked_slot_start as string).toISOString()).toBe(now.toISOString());

      const items = await queryRows<Record<string, unknown>>(db(), sql`select * from order_items where order_id = ${placed.orderId} order by position`);
      expect(items.map((item) => [item.item_type, item.name, item.quantity, item.unit_price, item.original_price, item.substitution])).toEqual([
        ['product', 'Boneless Skinless Chicken Breast', 2, 809, 899, 'contact'],
        ['bundle', 'Fruit Basket', 1, 400, 496, 'refund'],
        // Nothing chosen for the deal: it cannot be replaced, so it is refunded.
        ['bogo', 'Buy 2 Get 1 Apples', 1, 398, 597, 'refund'],
      ]);
      expect(items[0]).toMatchObject({ product_id: f.products.chicken.id, bundle_id: null, detail: chickenLine.detail, image: chickenLine.image });
      expect(items[1]).toMatchObject({ bundle_id: f.bundle.id, product_id: null });
      expect(items[2]).toMatchObject({ bogo_offer_id: f.bogo.id, product_id: f.products.apples.id });

      const events = await queryRows<{ status: string; actor_kind: string }>(db(), sql`select status, actor_kind from order_events where order_id = ${placed.orderId}`);
      expect(events).toEqual([{ status: 'placed', actor_kind: 'customer' }]);
      const payments = await queryRows<Record<string, unknown>>(db(), sql`select method, status, amount, provider from payments where order_id = ${placed.orderId}`);
      expect(payments).toEqual([{ method: 'cash_on_delivery', status: 'due_on_delivery', amount: quoted.totals.totalAmount, provider: 'none' }]);

      // Chicken 2; the bundle 2 bananas and 2 apples; the deal set 2 + 1 apples.
      expect(await stockOf(db(), austin(), products)).toEqual({
        [f.products.chicken.id]: stockBefore[f.products.chicken.id]! - 2,
        [f.products.bananas.id]: stockBefore[f.products.bananas.id]! - 2,
        [f.products.apples.id]: stockBefore[f.products.apples.id]! - 5,
      });
      const after = await writtenCounts(db());
      expect(after).toMatchObject({ orders: before.orders + 1, orderItems: before.orderItems + 3, orderEvents: before.orderEvents + 1, payments: before.payments + 1, bookedPlaces: before.bookedPlaces + 1, cartLines: before.cartLines - 3, stock: before.stock - 9 });
      expect((await expectJson<Cart>(await client.request('/api/cart'))).items).toEqual([]);
    });

    it('sends the confirmation email with the number, lines, total, estimate and address', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 3 }]);
      const placed = await expectJson<PlacedOrder>(await place(client, asap(addressId, quoted.totals.totalAmount)), 201);
      const email = mail.sent.find((message) => message.subject.includes(placed.orderNumber));
      expect(email).toBeDefined();
      expect(email!.text).toContain('3 × Bananas: $1.47');
      expect(email!.text).toContain(`Total: $${(quoted.totals.totalAmount / 100).toFixed(2)} (Pay on delivery)`);
      expect(email!.text).toContain('1 Test Way, Austin, TX 78701');
      expect(email!.text).toMatch(/Estimated delivery: \w{3}, \w{3} \d{1,2}, 2:30 PM CST/);
    });

    it("copies the address's unit and delivery instructions onto the order, for the customer, the manager and the driver", async () => {
      const client = await customer();
      const saved = await expectJson<Address>(
        await client.request('/api/addresses', {
          method: 'POST',
          json: { label: 'Home', streetAddress: '1 Test Way', unit: 'Apt 4B', city: 'Austin', state: 'TX', zipCode: '78701', deliveryInstructions: 'Ring twice' },
        }),
        201,
      );
      await add(client, { itemType: 'product', productId: f.products.bananas.id, quantity: 1 });
      const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId: saved.id }));
      expect(quoted.address).toMatchObject({ unit: 'Apt 4B', deliveryInstructions: 'Ring twice' });
      const placed = await expectJson<PlacedOrder>(await place(client, asap(saved.id, quoted.totals.totalAmount)), 201);
      expect(mail.sent.find((message) => message.subject.includes(placed.orderNumber))!.text).toContain('1 Test Way, Apt 4B, Austin, TX 78701');

      // A later edit of the saved address changes nothing on the order already placed.
      await expectJson(
        await client.request(`/api/addresses/${saved.id}`, {
          method: 'PUT',
          json: { label: 'Home', streetAddress: '1 Test Way', unit: 'Apt 9C', city: 'Austin', state: 'TX', zipCode: '78701', deliveryInstructions: 'Knock' },
        }),
        200,
      );
      const seen = await expectJson<Order>(await client.request(`/api/orders/${placed.orderId}`));
      expect(seen.address).toMatchObject({ streetAddress: '1 Test Way', unit: 'Apt 4B', deliveryInstructions: 'Ring twice' });

      const manager = await signedInPerson(t, { role: 'manager', warehouseIds: [austin()] });
      const queue = staffOrderPage.parse(await expectJson(await manager.client.request(`/api/staff/orders?view=all&q=${placed.orderNumber}`)));
      expect(queue.orders.map((row) => [row.dropOff, row.deliveryInstructions])).toEqual([['1 Test Way, Apt 4B, Austin, TX 78701', 'Ring twice']]);
      await expectJson(await manager.client.request(`/api/orders/${placed.orderId}/status`, { method: 'POST', json: { status: 'confirmed' } }));
      const driver = await signedInPerson(t, { role: 'driver', warehouseIds: [austin()] });
      await expectJson(await driver.client.request('/api/driver/availability', { method: 'PUT', json: { available: true } }));
      const offers = staffOrderPage.parse(await expectJson(await driver.client.request('/api/staff/orders?view=offered&pageSize=100')));
      expect(offers.orders.find((row) => row.id === placed.orderId)).toMatchObject({ dropOff: '1 Test Way, Apt 4B, Austin, TX 78701', deliveryInstructions: 'Ring twice' });
    });

    it('a failing mail server does not fail the order', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      mail.fail(true);
      try {
        await expectJson<PlacedOrder>(await place(client, asap(addressId, quoted.totals.totalAmount)), 201);
      } finally {
        mail.fail(false);
      }
    });

    it('books a window and promises delivery by its end', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      const window = quoted.delivery.windows[3]!;
      const placed = await expectJson<PlacedOrder>(await place(client, { ...asap(addressId, quoted.totals.totalAmount), delivery: { kind: 'window', start: window.start } }), 201);
      expect(placed.estimatedAt).toBe(window.end);
      const [order] = await queryRows<{ start: string; booked: string }>(db(), sql`select window_start as start, booked_slot_start as booked from orders where id = ${placed.orderId}`);
      expect(new Date(order!.start).toISOString()).toBe(window.start);
      expect(new Date(order!.booked).toISOString()).toBe(window.start);
      const [slot] = await queryRows<{ booked: number }>(db(), sql`select booked from slot_bookings where resource_id = ${austin()} and slot_start = ${window.start}::timestamptz`);
      expect(slot!.booked).toBe(1);
      const other = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      expect(other.quoted.delivery.windows[3]).toMatchObject({ start: window.start, remaining: 19, available: true });
    });

    it('the same key twice places one order and answers it again', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 2 }]);
      const body = asap(addressId, quoted.totals.totalAmount);
      const idempotencyKey = key();
      const first = await expectJson<PlacedOrder>(await place(client, body, idempotencyKey), 201);
      const before = await writtenCounts(db());
      const second = await expectJson<PlacedOrder>(await place(client, body, idempotencyKey), 200);
      expect(second).toEqual({ ...first, replayed: true });
      expect(await writtenCounts(db())).toEqual(before);
    });

    it('a reused key with a different cart is refused and writes nothing', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      const body = asap(addressId, quoted.totals.totalAmount);
      const idempotencyKey = key();
      await expectJson<PlacedOrder>(await place(client, body, idempotencyKey), 201);
      await add(client, { itemType: 'product', productId: f.products.apples.id, quantity: 1 });
      const before = await writtenCounts(db());
      const refusal = await expectError(await place(client, body, idempotencyKey), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(refusal.message).toBe(orderRefusals.idempotencyReused);
      // The same key with other input is refused too.
      await expectError(await place(client, { ...body, tip: 100 }, idempotencyKey), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await writtenCounts(db())).toEqual(before);
    });

    it('refuses a missing or malformed key, bad input and a signed-out caller, writing nothing', async () => {
      const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
      const before = await writtenCounts(db());
      const missing = await expectError(await client.request('/api/orders', { method: 'POST', json: asap(addressId, quoted.totals.totalAmount) }), 400, 'VALIDATION_FAILED');
      expect(Object.keys(missing.fields ?? {})).toEqual(['idempotency-key']);
      await expectError(await place(client, asap(addressId, quoted.totals.totalAmount), 'short'), 400, 'VALIDATION_FAILED');
      await expectError(await place(client, { ...asap(addressId, quoted.totals.totalAmount), tip: -1 }), 400, 'VALIDATION_FAILED');
      const notes = await expectError(await place(client, { ...asap(addressId, quoted.totals.totalAmount), driverNotes: 'Gate\u0000code' }), 400, 'VALIDATION_FAILED');
      expect(Object.keys(notes.fields ?? {})).toEqual(['driverNotes']);
      const signedOut = t.client();
      await expectError(await signedOut.request('/api/orders', { method: 'POST', json: asap(addressId, 0), headers: { 'Idempotency-Key': key() } }), 401, 'UNAUTHORIZED');
      expect(await writtenCounts(db())).toEqual(before);
    });

    it('documents the Idempotency-Key header in the API document', async () => {
      const document = await expectJson<{ paths: Record<string, { post: { parameters: { in: string; name: string; required: boolean }[] } }> }>(await t.request('/api/openapi.json'));
      expect(document.paths['/api/orders']!.post.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }));
    });

    describe('refusals write nothing', () => {
      async function refused(response: Promise<Response>, status: number, code: string) {
        const before = await writtenCounts(db());
        const error = await expectError(await response, status, code);
        expect(await writtenCounts(db())).toEqual(before);
        return error;
      }

      it('an empty cart', async () => {
        const client = await customer();
        const addressId = await addressOf(client);
        const error = await refused(place(client, asap(addressId, 0)), 400, 'EMPTY_CART');
        expect(error.message).toBe(orderRefusals.emptyCart);
      });

      it('a stale price: the total the customer saw is no longer the total', async () => {
        const item = await product(500, 10);
        const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: item.id, quantity: 1 }]);
        await db().execute(sql`update warehouse_products set price = 550 where product_id = ${item.id}`);
        const error = await refused(place(client, asap(addressId, quoted.totals.totalAmount)), 409, 'TOTAL_CHANGED');
        expect(error).toMatchObject({ message: orderRefusals.totalChanged, fields: { expectedTotal: orderRefusals.totalChanged } });
        const requoted = await expectJson<CheckoutQuote>(await quote(client, { addressId }));
        expect(requoted.lines[0]).toMatchObject({ state: 'repriced', unitPrice: 550, addedUnitPrice: 500 });
        await expectJson<PlacedOrder>(await place(client, asap(addressId, requoted.totals.totalAmount)), 201);
      });

      it('a replacement asked for a bundle or a deal, which only a single product can have, at its line', async () => {
        const { client, addressId, quoted, cart } = await ready([
          { itemType: 'bundle', bundleId: f.bundle.id, quantity: 1 },
          { itemType: 'bogo', bogoOfferId: f.bogo.id, quantity: 1 },
        ]);
        const [bundleLine, dealLine] = [cart.items.find((line) => line.itemType === 'bundle')!, cart.items.find((line) => line.itemType === 'bogo')!];
        const error = await refused(place(client, asap(addressId, quoted.totals.totalAmount, { substitutions: { [bundleLine.id]: 'replace', [dealLine.id]: 'contact' } })), 400, 'VALIDATION_FAILED');
        expect(error).toMatchObject({ message: orderRefusals.onlyProductsReplaced, fields: { [`substitutions.${bundleLine.id}`]: orderRefusals.onlyProductsReplaced } });
        expect(Object.keys(error.fields ?? {})).toHaveLength(1);
      });

      it('a tampered total', async () => {
        const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
        await refused(place(client, asap(addressId, quoted.totals.totalAmount - 1)), 409, 'TOTAL_CHANGED');
        await refused(place(client, asap(addressId, 1)), 409, 'TOTAL_CHANGED');
      });

      it('an address outside the area, with the exact words at the address', async () => {
        const client = await customer();
        const far = await addressOf(client, '78205', 'San Antonio');
        await add(client, { itemType: 'product', productId: f.products.bananas.id, quantity: 1 });
        const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId: far }));
        const error = await refused(place(client, asap(far, quoted.totals.totalAmount)), 409, 'OUT_OF_AREA');
        expect(error).toMatchObject({ message: 'Delivery not available to this area.', fields: { addressId: 'Delivery not available to this area.' } });
      });

      it("another customer's address", async () => {
        const owner = await customer();
        const theirs = await addressOf(owner);
        const { client, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
        await refused(place(client, asap(theirs, quoted.totals.totalAmount)), 404, 'ADDRESS_NOT_FOUND');
      });

      it('out-of-stock and unsold lines, each named', async () => {
        const short = await product(100, 5);
        const gone = await product(100, 5);
        const { client, addressId, cart } = await ready([
          { itemType: 'product', productId: short.id, quantity: 5 },
          { itemType: 'product', productId: gone.id, quantity: 1 },
          { itemType: 'product', productId: f.products.bananas.id, quantity: 1 },
        ]);
        await db().execute(sql`update warehouse_products set stock_quantity = 2 where product_id = ${short.id}`);
        await db().execute(sql`update warehouse_products set active = false where product_id = ${gone.id}`);
        const quoted = await expectJson<CheckoutQuote>(await quote(client, { addressId }));
        const error = await refused(place(client, asap(addressId, quoted.totals.totalAmount)), 409, 'LINES_UNAVAILABLE');
        const [shortLine, goneLine] = cart.items;
        expect(error.fields).toEqual({ [`lines.${shortLine!.id}`]: 'Only 2 left in stock.', [`lines.${goneLine!.id}`]: 'This item is not available.' });
      });

      it('lines that fit the stock one by one but not together', async () => {
        // 4 on the shelf: 3 loose and a buy-1-get-1 set (2) each fit, together they take 5.
        const item = await product(100, 4);
        const offer = await createBogoOffer({ db: db(), name: 'Two for one', productId: item.id, buyQuantity: 1, getQuantity: 1 });
        const { client, addressId, quoted, cart } = await ready([
          { itemType: 'product', productId: item.id, quantity: 3 },
          { itemType: 'bogo', bogoOfferId: offer.id, quantity: 1 },
        ]);
        expect(quoted.problems).toEqual([]);
        const error = await refused(place(client, asap(addressId, quoted.totals.totalAmount)), 409, 'LINES_UNAVAILABLE');
        expect(Object.keys(error.fields!).sort()).toEqual(cart.items.map((line) => `lines.${line.id}`).sort());
      });

      it('a full window, and a past one', async () => {
        const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
        const last = quoted.delivery.windows.at(-1)!;
        await db().execute(sql`insert into slot_bookings (resource_id, slot_start, booked) values (${austin()}, ${last.start}::timestamptz, 20)`);
        const full = await expectJson<CheckoutQuote>(await quote(client, { addressId, delivery: { kind: 'window', start: last.start } }));
        expect(full.delivery.windows.at(-1)).toMatchObject({ available: false, remaining: 0 });
        expect(full.problems).toEqual([{ code: 'WINDOW_UNAVAILABLE', message: orderRefusals.windowFull }]);
        const body = asap(addressId, quoted.totals.totalAmount);
        const error = await refused(place(client, { ...body, delivery: { kind: 'window', start: last.start } }), 409, 'WINDOW_FULL');
        expect(error.message).toBe(orderRefusals.windowFull);
        const past = new Date(now.getTime() - 3 * 3_600_000).toISOString();
        const pastError = await refused(place(client, { ...body, delivery: { kind: 'window', start: past } }), 409, 'WINDOW_UNAVAILABLE');
        expect(pastError.message).toBe(orderRefusals.windowPast);
        // The hour now running starts before the groceries could arrive.
        await refused(place(client, { ...body, delivery: { kind: 'window', start: quoted.delivery.windows[0]!.start } }), 409, 'WINDOW_UNAVAILABLE');
      });

      it('card payment while none is configured', async () => {
        const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
        const error = await refused(place(client, asap(addressId, quoted.totals.totalAmount, { paymentMethod: 'card' })), 409, 'CARD_UNAVAILABLE');
        expect(error.message).toBe(orderRefusals.cardUnavailable);
      });
    });

    describe('kitchen orders', () => {
      const tomorrowWeekday = () =>
        ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
          new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'short' }).format(new Date(now.getTime() + 86_400_000)),
        );
      const setHours = (hours: object[]) => db().execute(sql`update cloud_kitchens set opening_hours = ${JSON.stringify(hours)}::jsonb where id = ${f.kitchenId}`);

      it('a closed kitchen takes no ASAP order but takes a pre-order for its opening hours', async () => {
        // Open tomorrow 11:00–14:00 only.
        await setHours([{ day: tomorrowWeekday(), opens: '11:00', closes: '14:00' }]);
        const { client, addressId, quoted } = await ready([{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.tacos.id, quantity: 2 }]);
        expect(quoted.kind).toBe('cloud_kitchen');
        expect(quoted.source).toMatchObject({ kind: 'kitchen', id: f.kitchenId, name: 'Taco Test Kitchen' });
        expect(quoted.delivery.asap.available).toBe(false);
        expect(quoted.problems).toEqual([{ code: 'KITCHEN_CLOSED', message: orderRefusals.kitchenClosed }]);
        expect(quoted.delivery.windows.map((window) => window.available)).toEqual([true, true, true]);

        const before = await writtenCounts(db());
        await expectError(await place(client, asap(addressId, quoted.totals.totalAmount)), 409, 'KITCHEN_CLOSED');
        expect(await writtenCounts(db())).toEqual(before);

        const window = quoted.delivery.windows[1]!;
        const placed = await expectJson<PlacedOrder>(await place(client, { ...asap(addressId, quoted.totals.totalAmount), delivery: { kind: 'window', start: window.start } }), 201);
        const [order] = await queryRows<Record<string, unknown>>(db(), sql`select type, cloud_kitchen_id, warehouse_id from orders where id = ${placed.orderId}`);
        expect(order).toEqual({ type: 'cloud_kitchen', cloud_kitchen_id: f.kitchenId, warehouse_id: austin() });
        const [item] = await queryRows<Record<string, unknown>>(db(), sql`select item_type, cloud_kitchen_product_id, substitution, unit_price from order_items where order_id = ${placed.orderId}`);
        expect(item).toEqual({ item_type: 'cloud_kitchen', cloud_kitchen_product_id: f.dishes.tacos.id, substitution: null, unit_price: 1299 });
        // A dish takes no stock; the kitchen's hour holds one place less.
        const after = await writtenCounts(db());
        expect(after.stock).toBe(before.stock);
        const [slot] = await queryRows<{ booked: number }>(db(), sql`select booked from slot_bookings where resource_id = ${f.kitchenId} and slot_start = ${window.start}::timestamptz`);
        expect(slot!.booked).toBe(1);
      });

      it("an open kitchen's hour holds as many orders as it cooks per hour", async () => {
        await setHours(Array.from({ length: 7 }, (_, day) => ({ day, opens: '10:00', closes: '23:00' })));
        await db().execute(sql`update cloud_kitchens set orders_per_hour = 1 where id = ${f.kitchenId}`);
        try {
          const first = await ready([{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.churros.id, quantity: 1 }]);
          // Prep 25 minutes and the 10-minute minimum: 14:35, in the 14:00 hour.
          expect(first.quoted.delivery.asap).toMatchObject({ available: true, minutes: 35 });
          await expectJson<PlacedOrder>(await place(first.client, asap(first.addressId, first.quoted.totals.totalAmount)), 201);
          const second = await ready([{ itemType: 'cloud_kitchen', cloudKitchenProductId: f.dishes.churros.id, quantity: 1 }]);
          expect(second.quoted.delivery.asap.available).toBe(false);
          const before = await writtenCounts(db());
          await expectError(await place(second.client, asap(second.addressId, second.quoted.totals.totalAmount)), 409, 'WINDOW_FULL');
          expect(await writtenCounts(db())).toEqual(before);
        } finally {
          await db().execute(sql`update cloud_kitchens set orders_per_hour = 8 where id = ${f.kitchenId}`);
        }
      });
    });

    describe('card payments', () => {
      it('creates the payment intent for the order total after commit and answers its secret, again on a replay', async () => {
        const card = cardProvider();
        t.deps.payments = card.provider;
        try {
          const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 1 }]);
          const idempotencyKey = key();
          const body = asap(addressId, quoted.totals.totalAmount, { paymentMethod: 'card' });
          const placed = await expectJson<PlacedOrder>(await place(client, body, idempotencyKey), 201);
          expect(card.intents).toEqual([{ amount: quoted.totals.totalAmount, orderId: placed.orderId, orderNumber: placed.orderNumber, idempotencyKey: `order-${placed.orderId}` }]);
          expect(placed.paymentClientSecret).toBe(`pi_${placed.orderId.slice(0, 8)}_secret_abc`);
          const [payment] = await queryRows<Record<string, unknown>>(db(), sql`select status, provider, provider_ref from payments where order_id = ${placed.orderId}`);
          expect(payment).toEqual({ status: 'pending', provider: 'stripe', provider_ref: `pi_${placed.orderId.slice(0, 8)}` });
          const replay = await expectJson<PlacedOrder>(await place(client, body, idempotencyKey), 200);
          expect(replay.paymentClientSecret).toBe(placed.paymentClientSecret);
          expect(card.intents).toHaveLength(1);
        } finally {
          t.deps.payments = payOnDelivery;
        }
      });

      it('when the intent cannot be created, the order is cancelled as the system and its holds given back', async () => {
        t.deps.payments = cardProvider({ failIntents: true }).provider;
        try {
          const { client, addressId, quoted } = await ready([{ itemType: 'product', productId: f.products.bananas.id, quantity: 4 }]);
          const before = await writtenCounts(db());
          const error = await expectError(await place(client, asap(addressId, quoted.totals.totalAmount, { paymentMethod: 'card' })), 503, 'PAYMENT_UNAVAILABLE');
          expect(error.message).toBe(paymentCopy.configurationIssue);
          const [order] = await queryRows<{ id: string; status: string }>(db(), sql`select o.id, o.status from orders o where o.address_id = ${addressId}`);
          expect(order!.status).toBe('cancelled');
          const events = await queryRows<{ status: string; actor_kind: string }>(db(), sql`select status, actor_kind from order_events where order_id = ${order!.id} order by id`);
          expect(events).toEqual([
            { status: 'placed', actor_kind: 'customer' },
            { status: 'cancelled', actor_kind: 'system' },
          ]);
          const [payment] = await queryRows<{ status: string }>(db(), sql`select status from payments where order_id = ${order!.id}`);
          expect(payment!.status).toBe('cancelled');
          const after = await writtenCounts(db());
          // Stock and the delivery place are back; the cancelled order stays on record.
          expect(after).toMatchObject({ stock: before.stock, bookedPlaces: before.bookedPlaces, orders: before.orders + 1 });
        } finally {
          t.deps.payments = payOnDelivery;
        }
      });
    });
  });
});
