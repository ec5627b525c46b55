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

  it("keeps a customer's own actions out of it, and a refused change leaves nothing", async () => {
    const order = await createOrder(t.database.db, { customerProfileId: people.customer.profileId, warehouseId: f.warehouses.austin.id });
    expect((await people.customer.client.request(`/api/orders/${order.id}/cancel`, { method: 'POST', json: {} })).status).toBe(200);
    const refused = await people.otherManager.client.request(`/api/orders/${order.id}/status`, { method: 'POST', json: { status: 'confirmed' } });
    expect(refused.status).toBe(404);
    expect(await entriesFor(order.id)).toEqual([]);
  });
});
