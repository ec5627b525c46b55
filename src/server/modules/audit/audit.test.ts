import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createOrder, createOrderPeople, type OrderPeople } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { auditLog } from './audit.tables';

describe.each(databaseKinds)('the audit log on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let people: OrderPeople;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    people = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  const entriesFor = (orderId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId)).orderBy(desc(auditLog.createdAt));

  it("records a driver's shift and the delivery they accept", async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id, status: 'confirmed' });
    const shift = await people.otherDriver.client.request('/api/driver/availability', { method: 'PUT', json: { available: true } });
    expect(shift.status).toBe(200);
    expect((await people.otherDriver.client.request(`/api/orders/${order.id}/accept`, { method: 'POST' })).status).toBe(200);

    const [accepted] = await entriesFor(order.id);
    expect(accepted).toMatchObject({ action: 'order.delivery_accepted', actorProfileId: people.otherDriver.profileId, actorRole: 'driver' });
    expect(accepted!.before).toEqual({ driverProfileId: null });
    expect(accepted!.after).toEqual({ driverProfileId: people.otherDriver.profileId });
    const [onShift] = await entriesFor(people.otherDriver.profileId);
    expect(onShift).toMatchObject({ action: 'driver.shift_started', entityType: 'driver', actorRole: 'driver' });
    expect(onShift!.before).toMatchObject({ available: false });
    expect(onShift!.after).toMatchObject({ available: true });
  });

  it("records a staff member's status change, driver assignment and refund with who, before and after", async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id, paymentStatus: 'paid' });
    const confirm = await people.manager.client.request(`/api/orders/${order.id}/status`, { method: 'POST', json: { status: 'confirmed', note: 'On it' } });
    expect(confirm.status).toBe(200);
    const assign = await people.manager.client.request(`/api/orders/${order.id}/driver`, { method: 'POST', json: { driverProfileId: people.driver.profileId } });
    expect(assign.status).toBe(200);
    const refund = await people.support.client.request(`/api/orders/${order.id}/refunds`, { method: 'POST', json: { kind: 'goodwill', amount: 100, reason: 'Late' } });
    expect(refund.status).toBe(201);

    const entries = await entriesFor(order.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['order.driver_assigned', 'order.status_changed', 'refund.recorded']);
    const status = entries.find((entry) => entry.action === 'order.status_changed')!;
    expect(status).toMatchObject({ actorProfileId: people.manager.profileId, actorEmail: people.manager.email, actorRole: 'manager' });
    expect(status.before).toEqual({ status: 'placed' });
    expect(status.after).toEqual({ status: 'confirmed', note: 'On it' });
    expect(entries.find((entry) => entry.action === 'order.driver_assigned')!.after).toEqual({ driverProfileId: people.driver.profileId });
    expect(entries.find((entry) => entry.action === 'refund.recorded')!.actorRole).toBe('support');
  });

  it('summarises status changes and refunds in the words staff see elsewhere, not internal names', async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id, paymentStatus: 'paid' });
    const move = (status: string, note?: string) => people.manager.client.request(`/api/orders/${order.id}/status`, { method: 'POST', json: { status, note } });
    expect((await move('confirmed', 'On it')).status).toBe(200);
    expect((await move('processing')).status).toBe(200);
    const refund = await people.support.client.request(`/api/orders/${order.id}/refunds`, { method: 'POST', json: { kind: 'goodwill', amount: 250, reason: 'Late' } });
    expect(refund.status).toBe(201);

    const summaries = (await entriesFor(order.id)).map((entry) => entry.summary).sort();
    expect(summaries).toEqual([
      `Moved ${order.orderNumber} from Confirmed to Preparing`,
      `Moved ${order.orderNumber} from Placed to Confirmed: On it`,
      'Refunded $2.50 (Goodwill refund): Late',
    ]);
  });

  it("keeps a customer's own actions out of it, and a refused change leaves nothing", async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id });
    expect((await people.customer.client.request(`/api/orders/${order.id}/cancel`, { method: 'POST', json: {} })).status).toBe(200);
    const refused = await people.otherManager.client.request(`/api/orders/${order.id}/status`, { method: 'POST', json: { status: 'confirmed' } });
    expect(refused.status).toBe(404);
    expect(await entriesFor(order.id)).toEqual([]);
  });

  it('records a product import once, with its counts, and a refused import not at all', async () => {
    const imports = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.products_imported'));
    const csv = 'sku,name,category,price_cents:Austin\nAUD-1,Audited,fruits-vegetables,100\nAUD-2,Audited too,fruits-vegetables,200\n';
    expect((await people.support.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv } })).status).toBe(403);
    expect((await people.admin.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv: `${csv}AUD-3,,fruits-vegetables,1\n` } })).status).toBe(400);
    expect(await imports()).toEqual([]);
    const response = await people.admin.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv } });
    expect(response.status).toBe(200);
    await response.text();
    const entries = await imports();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorProfileId: people.admin.profileId, actorRole: 'admin', entityType: 'product_import', after: { created: 2, updated: 0, skipped: 0, errors: 0 } });
  });
});
