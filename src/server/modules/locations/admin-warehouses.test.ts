import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWarehouse, AdminWarehouseInput, AdminWarehousePage, WarehouseStaffMember } from '@/shared/contracts/locations';
import { warehouseAdminCopy } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createOrderPeople, signedInPerson, type OrderPeople } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('admin warehouses on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let p: OrderPeople;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    p = await createOrderPeople(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A warehouse on Congress Avenue, Austin (ZIP 78701), with a fresh name. */
  const input = (overrides: Partial<AdminWarehouseInput> = {}): AdminWarehouseInput => ({
    name: `Austin South ${(serial += 1)} ${kind}`,
    streetAddress: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    deliveryRadiusMiles: 12.5,
    deliveryFeeCents: 399,
    windowCapacity: 30,
    pickTimeMinutes: 15,
    timeZone: 'America/Chicago',
    active: true,
    staff: [],
    ...overrides,
  });
  const create = (body: object, who = p.admin) => who.client.request('/api/admin/warehouses', { method: 'POST', json: body });
  const edit = (id: string, body: object, who = p.admin) => who.client.request(`/api/admin/warehouses/${id}`, { method: 'PUT', json: body });
  const auditOf = (entityId: string) =>
    queryRows<{ action: string; actorRole: string; before: unknown; after: { staff?: unknown[]; deliveryFeeCents?: number } | null }>(
      t.database.db,
      sql`select action, actor_role as "actorRole", before, after from audit_log where entity_id = ${entityId} order by created_at`,
    );

  it('creates a warehouse geocoded from its address, with its staff, and logs it', async () => {
    const created = await expectJson<AdminWarehouse>(
      await create(input({ staff: [{ profileId: p.manager.profileId, role: 'manager' }, { profileId: p.driver.profileId, role: 'driver' }] })),
      201,
    );
    // The test geocoder places an address at the centre of its ZIP code: 78701 is downtown Austin.
    expect(created.latitude).toBeCloseTo(30.27, 1);
    expect(created.longitude).toBeCloseTo(-97.74, 1);
    expect(created).toMatchObject({ deliveryRadiusMiles: 12.5, deliveryFeeCents: 399, windowCapacity: 30, pickTimeMinutes: 15, timeZone: 'America/Chicago', active: true });
    expect(created.staff.map((member) => [member.profileId, member.role]).sort()).toEqual(
      [
        [p.manager.profileId, 'manager'],
        [p.driver.profileId, 'driver'],
      ].sort(),
    );
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ action: 'warehouse.created', actorRole: 'admin', before: null });
    expect(entry!.after!.staff).toHaveLength(2);
    const page = await expectJson<AdminWarehousePage>(await p.admin.client.request(`/api/admin/warehouses?q=${encodeURIComponent(created.name)}`));
    expect(page).toMatchObject({ total: 1, warehouses: [created] });
    // A manager assigned here runs its queue.
    const managerQueue = await p.manager.client.request(`/api/staff/orders?warehouseId=${created.id}`);
    expect(managerQueue.status).toBe(200);
  });

  it('keeps the coordinates the admin corrects, and edits settings and staff with the log before and after', async () => {
    const created = await expectJson<AdminWarehouse>(await create(input({ latitude: 30.2501, longitude: -97.7502 })), 201);
    expect(created).toMatchObject({ latitude: 30.2501, longitude: -97.7502 });
    const edited = await expectJson<AdminWarehouse>(
      await edit(created.id, input({ name: created.name, latitude: 30.26, longitude: -97.76, deliveryFeeCents: 0, active: false, staff: [{ profileId: p.driver.profileId, role: 'driver' }] })),
    );
    expect(edited).toMatchObject({ latitude: 30.26, longitude: -97.76, deliveryFeeCents: 0, active: false, staff: [expect.objectContaining({ profileId: p.driver.profileId, role: 'driver' })] });
    // Without coordinates the edited address is geocoded again.
    const relocated = await expectJson<AdminWarehouse>(await edit(created.id, input({ name: created.name, zipCode: '78626', city: 'Georgetown' })));
    expect(relocated.latitude).toBeCloseTo(30.65, 1);
    const log = await auditOf(created.id);
    expect(log.map((entry) => entry.action)).toEqual(['warehouse.created', 'warehouse.updated', 'warehouse.updated']);
    expect(log[1]).toMatchObject({ before: expect.objectContaining({ deliveryFeeCents: 399 }), after: expect.objectContaining({ deliveryFeeCents: 0 }) });
    const listed = await expectJson<AdminWarehousePage>(await p.admin.client.request(`/api/admin/warehouses?q=${encodeURIComponent(created.name)}`));
    expect(listed.warehouses[0]).toEqual(relocated);
  });

  it('refuses bad values at their field and writes nothing', async () => {
    const before = await expectJson<AdminWarehousePage>(await p.admin.client.request('/api/admin/warehouses?pageSize=100'));
    const cases: [Partial<AdminWarehouseInput>, string][] = [
      [{ deliveryRadiusMiles: 40.5 }, 'deliveryRadiusMiles'],
      [{ deliveryRadiusMiles: 0 }, 'deliveryRadiusMiles'],
      [{ deliveryFeeCents: 2.5 }, 'deliveryFeeCents'],
      [{ deliveryFeeCents: -1 }, 'deliveryFeeCents'],
      [{ windowCapacity: -1 }, 'windowCapacity'],
      [{ pickTimeMinutes: 0 }, 'pickTimeMinutes'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ name: '' }, 'name'],
      [{ zipCode: '7870' }, 'zipCode'],
      [{ latitude: 30.2 }, 'longitude'],
      [{ latitude: 91, longitude: 0 }, 'latitude'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await expectError(await create(input(overrides)), 400, 'VALIDATION_FAILED');
      expect(Object.keys(refused.fields ?? {}), JSON.stringify(overrides)).toEqual([field]);
    }
    // An address the geocoder cannot place: the admin is asked for coordinates.
    const unplaced = await expectError(await create(input({ zipCode: '00000' })), 400, 'VALIDATION_FAILED');
    expect(unplaced.fields).toEqual({ streetAddress: warehouseAdminCopy.refusals.notPlaced });
    // A ZIP code of another state.
    await expectError(await create(input({ state: 'NY' })), 400, 'VALIDATION_FAILED');
    const taken = await expectError(await create(input({ name: f.warehouses.austin.name.toUpperCase() })), 409, 'CONFLICT');
    expect(taken.fields).toEqual({ name: warehouseAdminCopy.refusals.nameTaken });
    const customerAsDriver = await expectError(await create(input({ staff: [{ profileId: p.customer.profileId, role: 'driver' }] })), 400, 'VALIDATION_FAILED');
    expect(customerAsDriver.fields).toEqual({ 'staff.0.profileId': warehouseAdminCopy.refusals.staffRole('driver') });
    const managerAsDriver = await expectError(await create(input({ staff: [{ profileId: p.manager.profileId, role: 'driver' }] })), 400, 'VALIDATION_FAILED');
    expect(managerAsDriver.fields).toEqual({ 'staff.0.profileId': warehouseAdminCopy.refusals.staffRole('driver') });
    const after = await expectJson<AdminWarehousePage>(await p.admin.client.request('/api/admin/warehouses?pageSize=100'));
    expect(after.total).toBe(before.total);
    await expectError(await edit('00000000-0000-4000-8000-000000000000', input()), 404, 'NOT_FOUND');
  });

  it('is for admins only', async () => {
    for (const who of [p.manager, p.support, p.customer, p.driver]) {
      await expectError(await create(input(), who), 403, 'FORBIDDEN');
      await expectError(await edit(f.warehouses.austin.id, input(), who), 403, 'FORBIDDEN');
      await expectError(await who.client.request('/api/admin/warehouses'), 403, 'FORBIDDEN');
    }
    await expectError(await t.client().request('/api/admin/warehouses'), 401, 'UNAUTHORIZED');
  });

  it('finds managers and drivers to assign by name or email, and nobody else', async () => {
    const driver = await signedInPerson(t, { role: 'driver', firstName: 'Quinta', lastName: 'Wheeler' });
    const found = await expectJson<WarehouseStaffMember[]>(await p.admin.client.request('/api/admin/warehouses/staff-candidates?q=quinta'));
    expect(found).toEqual([{ profileId: driver.profileId, name: 'Quinta Wheeler', email: driver.email, role: 'driver' }]);
    const byEmail = await expectJson<WarehouseStaffMember[]>(await p.admin.client.request(`/api/admin/warehouses/staff-candidates?q=${encodeURIComponent(p.customer.email)}`));
    expect(byEmail).toEqual([]);
  });
});
