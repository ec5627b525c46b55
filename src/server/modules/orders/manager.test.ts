import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPage, managerDriverList, pickList, substituteList, type InventoryPage } from '@/shared/contracts/manager';
import type { Order } from '@/shared/contracts/orders';
import { queryRows } from '../../db/client';
import { shelfWithName } from '../catalog/substitutes';
import { setDriverAvailability } from '../locations/driver-availability';
import { paymentOf } from '../payments/payment-records';
import { createProduct } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrder, createOrderPeople, type FixtureLine, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { orders } from './orders.tables';

describe.each(databaseKinds)('the warehouse manager on %s', (kind) => {
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

  const austin = () => f.warehouses.austin.id;
  const line = (product: 'apples' | 'bananas' | 'chicken' | 'carrots', quantity: number, unitPrice: number, substitution: FixtureLine['substitution'] = 'replace'): FixtureLine => ({
    itemType: 'product',
    productId: f.products[product].id,
    name: f.products[product].name,
    quantity,
    unitPrice,
    substitution,
  });
  const stock = async (product: 'apples' | 'bananas' | 'carrots' | 'chicken') => (await shelfWithName(t.database.db, { warehouseId: austin(), productId: f.products[product].id }))!.stockQuantity;
  /** The audit rows written about an entity, oldest first (read as the admin's log would). */
  const audits = (entityId: string) =>
    queryRows<{ action: string; actorProfileId: string; actorRole: string; summary: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_profile_id as "actorProfileId", actor_role as "actorRole", summary, before, after from audit_log where entity_id = ${entityId} order by created_at`,
    );
  const unavailable = (who: Person, orderId: string, lineId: string, body: object) =>
    who.client.request(`/api/orders/${orderId}/lines/${lineId}/unavailable`, { method: 'POST', json: body });
  const read = async (orderId: string) => expectJson<Order>(await p.manager.client.request(`/api/orders/${orderId}`));
  /** The manager counts a shelf and sets its stock, as after a recount. */
  const recount = async (product: 'apples' | 'bananas' | 'carrots' | 'chicken', stockQuantity: number) =>
    expectJson(await p.manager.client.request(`/api/inventory/${austin()}/${f.products[product].id}`, { method: 'PATCH', json: { stockQuantity } }));

  describe('unavailable lines', () => {
    it('replaces a line with a cheaper product: its stock taken, the missing product out of stock, the total and the amount due lowered', async () => {
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 2, 199)], status: 'processing', reserve: true });
      const [apples, bananas] = [await stock('apples'), await stock('bananas')];
      const candidates = substituteList.parse(await expectJson(await p.manager.client.request(`/api/orders/${created.id}/lines/${created.lineIds[0]}/substitutes`)));
      // Fruit for fruit first (the bananas), then the rest of the produce (the dearer carrots).
      expect(candidates.candidates.map((candidate) => candidate.name).slice(0, 2)).toEqual(['Bananas', 'Baby Carrots']);
      expect(candidates.candidates.every((candidate) => candidate.price <= 199 && candidate.stockQuantity > 0)).toBe(true);
      expect(candidates.candidates.map((candidate) => candidate.name)).not.toContain('Boneless Skinless Chicken Breast');

      const order = await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 2, resolution: 'replace', substituteProductId: f.products.bananas.id }));
      expect(order.lines[0]!.fulfilment).toEqual({ status: 'substituted', quantity: 2, substitute: { name: 'Bananas', unitPrice: 49 } });
      // 2 × (199 − 49) off the goods, and the tax on them.
      expect(order.totals.subtotal).toBe(398 - 300);
      expect(order.totalAmount).toBeLessThan(created.totalAmount - 300);
      expect(order.events.at(-1)).toMatchObject({ status: 'processing', actor: 'manager', note: '2 × Gala Apples unavailable, replaced by Bananas' });
      // The apples could not be found: the shelf is empty, whatever it counted.
      expect(apples).toBeGreaterThan(0);
      expect([await stock('apples'), await stock('bananas')]).toEqual([0, bananas - 2]);
      expect(await paymentOf(t.database.db, created.id)).toMatchObject({ amount: order.totalAmount, status: 'due_on_delivery' });
      const audit = (await audits(created.id)).find((entry) => entry.action === 'order.line_substituted');
      expect(audit).toMatchObject({ actorProfileId: p.manager.profileId, actorRole: 'manager' });
      expect(audit!.before).toMatchObject({ totalAmount: created.totalAmount });
      expect(audit!.after).toMatchObject({ totalAmount: order.totalAmount, unavailableQuantity: 2 });
      // Handled once.
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 409, 'LINE_ALREADY_HANDLED');
    });

    it('takes a product the picker did not find off sale at that warehouse, in the same transaction, audited as a stock change the manager corrects after a recount', async () => {
      await recount('apples', 40);
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 2, 199, 'refund')], status: 'confirmed', reserve: true });
      const shelf = `${austin()}:${f.products.apples.id}`;
      const before = (await audits(shelf)).length;
      expect(await stock('apples')).toBe(38);

      // A refused change writes nothing: the shelf keeps its count.
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'replace', substituteProductId: f.products.bananas.id }), 409, 'PREFERENCE_REFUND');
      expect(await stock('apples')).toBe(38);

      await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }));
      expect(await stock('apples')).toBe(0);
      const list = pickList.parse(await expectJson(await p.manager.client.request(`/api/manager/pick-list?orderIds=${created.id}`)));
      expect(list.aisles[0]!.lines[0]).toMatchObject({ name: 'Gala Apples', stockQuantity: 0, fulfilment: 'refunded' });
      // The shop no longer offers it, nor does a substitute list.
      const product = await expectJson<{ inStock: boolean; stockQuantity: number }>(await p.customer.client.request(`/api/products/${f.products.apples.id}?warehouseId=${austin()}`));
      expect(product).toMatchObject({ inStock: false, stockQuantity: 0 });
      const other = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('bananas', 1, 199)], status: 'processing' });
      const candidates = substituteList.parse(await expectJson(await p.manager.client.request(`/api/orders/${other.id}/lines/${other.lineIds[0]}/substitutes`)));
      expect(candidates.candidates.map((candidate) => candidate.name)).not.toContain('Gala Apples');

      const entries = (await audits(shelf)).slice(before);
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'inventory.updated',
          actorProfileId: p.manager.profileId,
          actorRole: 'manager',
          summary: `Gala Apples (T-APL): 0 in stock, not found on the shelf while picking ${created.orderNumber}`,
        }),
      ]);
      expect(entries[0]!.before).toMatchObject({ stockQuantity: 38 });
      expect(entries[0]!.after).toMatchObject({ stockQuantity: 0 });

      // The manager recounts and finds some after all.
      await recount('apples', 12);
      expect(await stock('apples')).toBe(12);
    });

    it('takes the product of a deal line off sale too, and leaves the shelves of a bundle line alone (which component was missing is not known)', async () => {
      await recount('apples', 40);
      await recount('bananas', 40);
      const created = await createOrder(t.database.db, {
        customerProfileId: p.customer.profileId,
        warehouseId: austin(),
        lines: [
          { itemType: 'bogo', bogoOfferId: f.bogo.id, name: f.bogo.name, quantity: 1, unitPrice: 398, substitution: 'refund' },
          { itemType: 'bundle', bundleId: f.bundle.id, name: f.bundle.name, quantity: 1, unitPrice: 400, substitution: 'refund' },
        ],
        status: 'processing',
        reserve: true,
      });
      const [apples, bananas] = [await stock('apples'), await stock('bananas')];
      await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[1]!, { quantity: 1, resolution: 'refund' }));
      expect([await stock('apples'), await stock('bananas')]).toEqual([apples, bananas]);
      await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }));
      expect([await stock('apples'), await stock('bananas')]).toEqual([0, bananas]);
    });

    it('gives back what the order still holds when it is cancelled after a line was handled: the units found and the substitute, not the missing units', async () => {
      await recount('apples', 40);
      const created = await createOrder(t.database.db, {
        customerProfileId: p.customer.profileId,
        warehouseId: austin(),
        lines: [line('apples', 3, 199), line('chicken', 2, 899, 'refund')],
        status: 'processing',
        reserve: true,
      });
      const bananas = await stock('bananas');
      await expectJson(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 2, resolution: 'replace', substituteProductId: f.products.bananas.id }));
      await expectJson(await unavailable(p.manager, created.id, created.lineIds[1]!, { quantity: 1, resolution: 'refund' }));
      expect([await stock('apples'), await stock('bananas'), await stock('chicken')]).toEqual([0, bananas - 2, 0]);

      const cancelled = await expectJson<Order>(await p.customer.client.request(`/api/orders/${created.id}/cancel`, { method: 'POST', json: { reason: 'Changed my mind' } }));
      expect(cancelled.status).toBe('cancelled');
      // 1 apple and 1 chicken breast were found, 2 bananas stood in for the missing apples: those go back, the 3 missing units do not.
      expect([await stock('apples'), await stock('bananas'), await stock('chicken')]).toEqual([1, bananas, 1]);
    });

    it('never raises the total: a dearer substitute is refused and nothing is written', async () => {
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('bananas', 3, 49)], status: 'confirmed', reserve: true });
      const apples = await stock('apples');
      const refused = await expectError(
        await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 3, resolution: 'replace', substituteProductId: f.products.apples.id }),
        409,
        'SUBSTITUTE_TOO_EXPENSIVE',
      );
      expect(refused.fields).toHaveProperty('substituteProductId');
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
      expect(row!.totalAmount).toBe(created.totalAmount);
      expect(await stock('apples')).toBe(apples);
      expect((await read(created.id)).lines[0]!.fulfilment.status).toBe('as_ordered');
    });

    it('refuses a substitute short of stock, the same product, and a line of another order', async () => {
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 5, 199)], status: 'processing' });
      // Baby carrots cost less but only 3 are on the shelf.
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 5, resolution: 'replace', substituteProductId: f.products.carrots.id }), 409, 'SUBSTITUTE_OUT_OF_STOCK');
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'replace', substituteProductId: f.products.apples.id }), 400, 'VALIDATION_FAILED');
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 6, resolution: 'refund' }), 400, 'VALIDATION_FAILED');
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'replace' }), 400, 'VALIDATION_FAILED');
      const other = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), status: 'processing' });
      await expectError(await unavailable(p.manager, created.id, other.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 404, 'NOT_FOUND');
    });

    it("refunds an unavailable line of a card order through the refund ledger, as the customer asked", async () => {
      const created = await createOrder(t.database.db, {
        customerProfileId: p.customer.profileId,
        warehouseId: austin(),
        lines: [line('chicken', 2, 899, 'refund'), line('bananas', 1, 49)],
        status: 'processing',
        paymentMethod: 'card',
        paymentStatus: 'paid',
      });
      await expectError(
        await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'replace', substituteProductId: f.products.bananas.id }),
        409,
        'PREFERENCE_REFUND',
      );
      const order = await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }));
      const reduction = created.totalAmount - order.totalAmount;
      expect(order.totals.subtotal).toBe(2 * 899 + 49 - 899);
      expect(reduction).toBeGreaterThan(899);
      expect(order.refunds).toEqual([expect.objectContaining({ amount: reduction, kind: 'line' })]);
      expect(order.payment).toMatchObject({ method: 'card', refundedAmount: reduction, status: 'partially_refunded' });
      expect(order.lines[0]!.fulfilment).toEqual({ status: 'refunded', quantity: 1, substitute: null });
      const actions = (await audits(created.id)).map((entry) => entry.action).sort();
      expect(actions).toEqual(['order.line_refunded', 'refund.recorded']);
    });

    it('refunds a line whose customer wanted a substitute only when none is in stock', async () => {
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 1, 199), line('bananas', 1, 10)], status: 'processing' });
      await expectError(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 409, 'PREFERENCE_REPLACE');
      // Nothing at the warehouse costs 10 cents or less.
      const order = await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[1]!, { quantity: 1, resolution: 'refund' }));
      expect(order.totals.subtotal).toBe(199);
    });

    it('offers and accepts only a similar item, of the same category, and refunds a line that has none', async () => {
      // Nothing else in Meat & Seafood: the cheaper fruit and vegetables are no substitute for chicken.
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('chicken', 1, 899)], status: 'processing' });
      const candidates = substituteList.parse(await expectJson(await p.manager.client.request(`/api/orders/${created.id}/lines/${created.lineIds[0]}/substitutes`)));
      expect(candidates.candidates).toEqual([]);
      const refused = await expectError(
        await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'replace', substituteProductId: f.products.bananas.id }),
        409,
        'SUBSTITUTE_NOT_SIMILAR',
      );
      expect(refused.fields).toHaveProperty('substituteProductId');
      // The customer asked for a similar item, and there is none: the line is refunded.
      const order = await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 1, resolution: 'refund' }));
      expect(order.lines[0]!.fulfilment.status).toBe('refunded');
    });

    it('changes lines only while picking, and only by the manager of the order’s warehouse', async () => {
      const placed = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 1, 199, 'contact')] });
      await expectError(await unavailable(p.manager, placed.id, placed.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 409, 'NOT_PICKING');
      const ready = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 1, 199, 'contact')], status: 'ready' });
      await expectError(await unavailable(p.manager, ready.id, ready.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 409, 'NOT_PICKING');
      const picking = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 1, 199, 'contact')], status: 'processing' });
      await expectError(await unavailable(p.otherManager, picking.id, picking.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 404, 'NOT_FOUND');
      await expectError(await unavailable(p.customer, picking.id, picking.lineIds[0]!, { quantity: 1, resolution: 'refund' }), 403, 'FORBIDDEN');
      // "Call the customer": the manager chooses either.
      await expectJson<Order>(await unavailable(p.manager, picking.id, picking.lineIds[0]!, { quantity: 1, resolution: 'refund' }));
    });

    it('accepts a similar item a little dearer than the line and charges the customer only the line’s price', async () => {
      await recount('apples', 40);
      const organic = await createProduct({
        db: t.database.db,
        name: 'Organic Gala Apples',
        sku: 'T-ORG',
        categoryId: f.categories.produce.id,
        subcategoryId: f.subcategories.fruit.id,
        shelves: [{ warehouseId: austin(), price: 219, stockQuantity: 10 }],
      });
      const created = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('apples', 2, 199)], status: 'processing', paymentMethod: 'card', paymentStatus: 'paid' });
      const candidates = substituteList.parse(await expectJson(await p.manager.client.request(`/api/orders/${created.id}/lines/${created.lineIds[0]}/substitutes`)));
      // The closest item first: organic apples, $2.19 against $1.99 (at most a fifth more).
      expect(candidates.candidates[0]).toMatchObject({ name: 'Organic Gala Apples', price: 219 });

      const order = await expectJson<Order>(await unavailable(p.manager, created.id, created.lineIds[0]!, { quantity: 2, resolution: 'replace', substituteProductId: organic.id }));
      expect(order.lines[0]!.fulfilment).toEqual({ status: 'substituted', quantity: 2, substitute: { name: 'Organic Gala Apples', unitPrice: 199 } });
      expect(order.totalAmount).toBe(created.totalAmount);
      expect(order.refunds).toEqual([]);
      expect(order.events.at(-1)?.note).toBe('2 × Gala Apples unavailable, replaced by Organic Gala Apples');
      expect((await shelfWithName(t.database.db, { warehouseId: austin(), productId: organic.id }))!.stockQuantity).toBe(8);
    });
  });

  describe('the pick list', () => {
    it('groups the lines of several orders by aisle, with substitution preferences and stock', async () => {
      const first = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), lines: [line('chicken', 1, 899), line('bananas', 2, 49, 'refund')], status: 'confirmed' });
      const second = await createOrder(t.database.db, { customerProfileId: p.otherCustomer.profileId, warehouseId: austin(), lines: [line('apples', 3, 199, 'contact')], status: 'processing' });
      // One customer gave a phone on their profile, the other did not: the manager calls the first about a missing item.
      await expectJson(await p.customer.client.request('/api/profile', { method: 'PATCH', json: { phone: '(512) 555-0142' } }));
      await expectJson(await p.otherCustomer.client.request('/api/profile', { method: 'PATCH', json: { phone: '' } }));
      const list = pickList.parse(await expectJson(await p.manager.client.request(`/api/manager/pick-list?orderIds=${first.id},${second.id}`)));
      expect(list.orders.map((order) => [order.orderNumber, order.editable, order.customerName, order.customerPhone])).toEqual([
        [first.orderNumber, true, 'Ann baker', '(512) 555-0142'],
        [second.orderNumber, true, 'Bo Chen', null],
      ]);
      expect(list.aisles.map((aisle) => [aisle.name, aisle.lines.map((entry) => `${entry.name} ×${entry.quantity} ${entry.substitution}`)])).toEqual([
        ['Fruits & Vegetables', ['Bananas ×2 refund', 'Gala Apples ×3 contact']],
        ['Meat & Seafood', ['Boneless Skinless Chicken Breast ×1 replace']],
      ]);
      expect(list.aisles[0]!.lines[0]!.stockQuantity).toBe(await stock('bananas'));
      const elsewhere = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: f.warehouses.jersey.id, status: 'confirmed' });
      await expectError(await p.manager.client.request(`/api/manager/pick-list?orderIds=${first.id},${elsewhere.id}`), 404, 'NOT_FOUND');
      await expectError(await p.manager.client.request('/api/manager/pick-list?orderIds=nope'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('inventory', () => {
    const list = async (who: Person, query: string) => inventoryPage.parse(await expectJson<InventoryPage>(await who.client.request(`/api/inventory?warehouseId=${austin()}${query}`)));

    it('lists, searches and filters the low shelves of the manager’s warehouse, and edits one with an audit row', async () => {
      const all = await list(p.manager, '');
      expect(all.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['Bananas', 'Gala Apples', 'Baby Carrots']));
      expect(all.rows.map((row) => row.name)).not.toContain('Dragon Fruit');
      const low = await list(p.manager, '&lowStock=true');
      expect(low.rows.every((row) => row.stockQuantity <= row.lowStockThreshold)).toBe(true);
      expect(low.rows.map((row) => row.sku)).toContain('T-CAR');
      expect(low.total).toBe(all.lowStockCount);
      expect((await list(p.manager, '&q=t-apl')).rows.map((row) => row.name)).toEqual(['Gala Apples']);

      const url = `/api/inventory/${austin()}/${f.products.carrots.id}`;
      const saved = await expectJson(await p.manager.client.request(url, { method: 'PATCH', json: { stockQuantity: 40, lowStockThreshold: 5, price: 159 } }));
      expect(saved).toMatchObject({ name: 'Baby Carrots', stockQuantity: 40, lowStockThreshold: 5, price: 159, active: true });
      expect((await list(p.manager, '&lowStock=true')).lowStockCount).toBe(all.lowStockCount - 1);
      const [audit] = await audits(`${austin()}:${f.products.carrots.id}`);
      expect(audit).toMatchObject({
        action: 'inventory.updated',
        actorProfileId: p.manager.profileId,
        summary: 'Baby Carrots (T-CAR): price $1.59, 40 in stock, low-stock threshold 5',
      });
      expect(audit!.before).toMatchObject({ stockQuantity: 3, price: 149 });
      expect(audit!.after).toMatchObject({ stockQuantity: 40, price: 159, lowStockThreshold: 5 });
    });

    it('answers another warehouse’s manager as if the warehouse did not exist, and refuses bad values at the field', async () => {
      await expectError(await p.otherManager.client.request(`/api/inventory?warehouseId=${austin()}`), 404, 'NOT_FOUND');
      const url = `/api/inventory/${austin()}/${f.products.bananas.id}`;
      await expectError(await p.otherManager.client.request(url, { method: 'PATCH', json: { stockQuantity: 1 } }), 404, 'NOT_FOUND');
      const bad = await expectError(await p.manager.client.request(url, { method: 'PATCH', json: { stockQuantity: -1, price: 0 } }), 400, 'VALIDATION_FAILED');
      expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['price', 'stockQuantity']);
      await expectError(await p.manager.client.request(`/api/inventory/${austin()}/${f.products.unsold.id}`, { method: 'PATCH', json: { stockQuantity: 1 } }), 404, 'NOT_FOUND');
      expect((await list(p.admin, '&q=Bananas')).rows[0]!.stockQuantity).toBe(await stock('bananas'));
    });
  });

  describe('drivers on shift', () => {
    it('lists the drivers on shift at the manager’s warehouses with their current deliveries', async () => {
      await setDriverAvailability(t.database.db, { profileId: p.driver.profileId, available: true });
      await setDriverAvailability(t.database.db, { profileId: p.otherDriver.profileId, available: false });
      const driving = await createOrder(t.database.db, { customerProfileId: p.customer.profileId, warehouseId: austin(), status: 'out_for_delivery', driverProfileId: p.driver.profileId });
      const drivers = managerDriverList.parse(await expectJson(await p.manager.client.request('/api/manager/drivers')));
      expect(drivers.drivers.map((driver) => driver.profileId)).toEqual([p.driver.profileId]);
      expect(drivers.drivers[0]!.warehouses).toEqual([{ id: austin(), name: 'Austin', timeZone: 'America/Chicago' }]);
      expect(drivers.drivers[0]!.deliveries).toContainEqual(expect.objectContaining({ orderNumber: driving.orderNumber, status: 'out_for_delivery' }));
      expect(managerDriverList.parse(await expectJson(await p.otherManager.client.request('/api/manager/drivers'))).drivers).toEqual([]);
      await expectError(await p.otherManager.client.request(`/api/manager/drivers?warehouseId=${austin()}`), 404, 'NOT_FOUND');
    });
  });
});
