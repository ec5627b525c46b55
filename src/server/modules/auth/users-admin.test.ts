import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserPage } from '@/shared/contracts/admin';
import type { AuditEntry, AuditPage } from '@/shared/contracts/staff';
import { adminCopy } from '@/shared/staff-copy';
import { queryRows } from '../../db/client';
import { createAccount } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, signIn, testPassword, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { profiles } from './auth.tables';

describe.each(databaseKinds)('admin: users on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    admin = await signedInPerson(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditOf = async (profileId: string): Promise<AuditEntry[]> =>
    ((await (await admin.client.request(`/api/admin/audit?entityType=user&q=${profileId}`)).json()) as AuditPage).entries;
  const sessionsOf = async (email: string) =>
    (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from session s join "user" u on u.id = s.user_id where u.email = ${email}`))[0]!.count;

  it('searches by email or name and filters by role, paged on the server', async () => {
    const zed = await signedInPerson(t, { role: 'customer', firstName: 'Zedediah', lastName: 'Quux' });
    await signedInPerson(t, { role: 'support', firstName: 'Zedediah', lastName: 'Other' });
    const byName = (await (await admin.client.request('/api/admin/users?q=zedediah')).json()) as AdminUserPage;
    expect(byName.total).toBe(2);
    const customers = (await (await admin.client.request('/api/admin/users?q=zedediah&role=customer')).json()) as AdminUserPage;
    expect(customers.users).toEqual([expect.objectContaining({ profileId: zed.profileId, email: zed.email, name: 'Zedediah Quux', role: 'customer', deactivatedAt: null })]);
    const byEmail = (await (await admin.client.request(`/api/admin/users?q=${encodeURIComponent(zed.email)}`)).json()) as AdminUserPage;
    expect(byEmail.users.map((user) => user.profileId)).toEqual([zed.profileId]);
    const paged = (await (await admin.client.request('/api/admin/users?q=zedediah&pageSize=1&page=2')).json()) as AdminUserPage;
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.users).toHaveLength(1);
    expect((await admin.client.request('/api/admin/users?role=boss')).status).toBe(400);
  });

  it('finds a person by a whole e-mail address, however long a valid one is', async () => {
    const email = `evangeline.montgomery-fitzwilliam.purchasing.${Date.now()}@northeastern-regional-cooperative.example.test`;
    const { profile } = await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Eva', lastName: 'Long', role: 'customer' } });
    const response = await admin.client.request(`/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminUserPage).users.map((user) => user.profileId)).toEqual([profile.id]);
    expect((await admin.client.request(`/api/admin/users?q=${'a'.repeat(255)}`)).status).toBe(400);
  });

  it('makes a customer a manager of chosen warehouses, audited with before and after, and the new role applies at once', async () => {
    const person = await signedInPerson(t, { role: 'customer' });
    const response = await admin.client.request(`/api/admin/users/${person.profileId}/role`, {
      method: 'POST',
      json: { role: 'manager', warehouseIds: [f.warehouses.austin.id] },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminUser)).toMatchObject({ role: 'manager', warehouses: [{ id: f.warehouses.austin.id, name: f.warehouses.austin.name }] });
    // Their open session now sees the Austin queue.
    expect((await person.client.request(`/api/staff/orders?warehouseId=${f.warehouses.austin.id}`)).status).toBe(200);
    const [entry] = await auditOf(person.profileId);
    expect(entry).toMatchObject({ action: 'user.role_changed', actor: { profileId: admin.profileId, email: admin.email, role: 'admin' } });
    expect(entry!.before).toEqual({ role: 'customer', warehouseIds: [] });
    expect(entry!.after).toEqual({ role: 'manager', warehouseIds: [f.warehouses.austin.id] });

    // Back to support: the warehouses go with the manager role.
    const back = await admin.client.request(`/api/admin/users/${person.profileId}/role`, { method: 'POST', json: { role: 'support' } });
    expect(((await back.json()) as AdminUser)).toMatchObject({ role: 'support', warehouses: [] });
  });

  it('wants warehouses for a manager or driver, and real ones, and changes nothing otherwise', async () => {
    const person = await signedInPerson(t, { role: 'customer' });
    const none = await admin.client.request(`/api/admin/users/${person.profileId}/role`, { method: 'POST', json: { role: 'driver' } });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: expect.objectContaining({ fields: { warehouseIds: 'Choose at least one warehouse' } }) });
    const unknown = await admin.client.request(`/api/admin/users/${person.profileId}/role`, { method: 'POST', json: { role: 'driver', warehouseIds: [crypto.randomUUID()] } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: expect.objectContaining({ fields: { warehouseIds: adminCopy.userRefusals.unknownWarehouse } }) });
    expect((await admin.client.request(`/api/admin/users/${crypto.randomUUID()}/role`, { method: 'POST', json: { role: 'support' } })).status).toBe(404);
    const page = (await (await admin.client.request(`/api/admin/users?q=${encodeURIComponent(person.email)}`)).json()) as AdminUserPage;
    expect(page.users[0]!.role).toBe('customer');
    expect(await auditOf(person.profileId)).toEqual([]);
  });

  it('deactivation ends every session at once and refuses sign-in with a clear message; reactivation lets them in again', async () => {
    const person = await signedInPerson(t, { role: 'customer' });
    const laptop = t.client();
    expect((await signIn(laptop, person.email)).status).toBe(200);
    expect(await sessionsOf(person.email)).toBe(2);

    const response = await admin.client.request(`/api/admin/users/${person.profileId}/deactivate`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminUser).deactivatedAt).not.toBeNull();
    expect(await sessionsOf(person.email)).toBe(0);
    expect((await person.client.request('/api/profile')).status).toBe(401);
    expect((await laptop.request('/api/profile')).status).toBe(401);

    const again = await signIn(t.client(), person.email);
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ error: expect.objectContaining({ code: 'ACCOUNT_DEACTIVATED', message: adminCopy.userRefusals.signInDeactivated }) });
    expect(await sessionsOf(person.email)).toBe(0);

    expect((await admin.client.request(`/api/admin/users/${person.profileId}/reactivate`, { method: 'POST' })).status).toBe(200);
    const back = t.client();
    expect((await signIn(back, person.email)).status).toBe(200);
    expect((await back.request('/api/profile')).status).toBe(200);
    expect((await auditOf(person.profileId)).map((entry) => entry.action).sort()).toEqual(['user.deactivated', 'user.reactivated']);
  });

  it('a session left behind by a deactivated account is ignored', async () => {
    const person = await signedInPerson(t, { role: 'customer' });
    // As if a session had outlived the deactivation (signed in on another instance at that moment).
    await t.database.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, person.profileId));
    expect(await sessionsOf(person.email)).toBe(1);
    expect((await person.client.request('/api/profile')).status).toBe(401);
  });

  it('an admin cannot demote or deactivate themselves', async () => {
    const demote = await admin.client.request(`/api/admin/users/${admin.profileId}/role`, { method: 'POST', json: { role: 'customer' } });
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ error: expect.objectContaining({ code: 'NOT_YOURSELF', message: adminCopy.userRefusals.notYourself }) });
    expect((await admin.client.request(`/api/admin/users/${admin.profileId}/deactivate`, { method: 'POST' })).status).toBe(409);
    expect((await admin.client.request('/api/profile')).status).toBe(200);
    expect(await auditOf(admin.profileId)).toEqual([]);
  });
});
