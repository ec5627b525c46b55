import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@/shared/contracts/staff';
import { createCatalogFixture } from '../../test/catalog-fixture';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { recordAudit } from './record-audit';

describe.each(databaseKinds)('searching the audit log on %s', (kind) => {
  let t: TestApp;
  let admin: Person;
  let customer: Person;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    admin = await signedInPerson(t, { role: 'admin' });
    customer = await signedInPerson(t, { role: 'customer' });
    const db = t.database.db;
    await recordAudit(db, 'system', { action: 'product.created', entityType: 'product', entityId: 'prod-1', summary: 'Created Honeycrisp apples', after: { price: 199 } });
    await recordAudit(db, 'system', { action: 'order.status_changed', entityType: 'order', entityId: 'order-1', summary: 'Confirmed 50% of it', before: { status: 'placed' } });
    // One through the API, by the admin.
    expect((await admin.client.request(`/api/admin/users/${customer.profileId}/role`, { method: 'POST', json: { role: 'support' } })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (query: string) => {
    const response = await admin.client.request(`/api/admin/audit${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };

  it('lists newest first with who, what, when, before and after', async () => {
    const page = await search('');
    expect(page.total).toBe(3);
    expect(page.entries.map((entry) => entry.action)).toEqual(['user.role_changed', 'order.status_changed', 'product.created']);
    expect(page.entries[0]).toMatchObject({
      actor: { profileId: admin.profileId, email: admin.email, role: 'admin' },
      entityType: 'user',
      entityId: customer.profileId,
      before: { role: 'customer', warehouseIds: [] },
      after: { role: 'support', warehouseIds: [] },
      summary: `Changed the role of ${customer.email} from Customer to Support`,
    });
    expect(page.entries[2]).toMatchObject({ actor: { profileId: null, email: 'system', role: 'system' }, before: null, after: { price: 199 } });
  });

  it("searches the actor's email, the action, the summary and the record id, and filters by record type", async () => {
    expect((await search(`?q=${encodeURIComponent(admin.email)}`)).entries.map((entry) => entry.action)).toEqual(['user.role_changed']);
    expect((await search('?q=STATUS_CHANGED')).entries.map((entry) => entry.entityId)).toEqual(['order-1']);
    expect((await search('?q=honeycrisp')).entries.map((entry) => entry.entityId)).toEqual(['prod-1']);
    expect((await search(`?q=${customer.profileId}`)).total).toBe(1);
    // LIKE's wildcards are searched for as themselves.
    expect((await search('?q=50%25')).entries.map((entry) => entry.entityId)).toEqual(['order-1']);
    expect((await search('?q=_')).total).toBe(2);
    expect((await search('?q=%25%25')).total).toBe(0);
    expect((await search('?entityType=product')).entries.map((entry) => entry.entityId)).toEqual(['prod-1']);
    // A kind of record the log does not hold is a mistake, said so, not an empty page.
    expect((await admin.client.request('/api/admin/audit?entityType=kitchen')).status).toBe(400);
  });

  it('pages on the server', async () => {
    const second = await search('?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.entries.map((entry) => entry.action)).toEqual(['product.created']);
    expect((await admin.client.request('/api/admin/audit?pageSize=500')).status).toBe(400);
  });
});
