import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  KitchenApplication,
  KitchenApplicationInput,
  KitchenApplicationPage,
  KitchenDish,
  KitchenDishInput,
  KitchenProfile,
  KitchenProfileInput,
  MyKitchenApplication,
} from '@/shared/contracts/kitchen-operator';
import type { KitchenMenu } from '@/shared/contracts/kitchens';
import { queryRows } from '../../db/client';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { createOrder, createOrderPeople, moveTestOrder, signedInPerson, type OrderPeople, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { mealPlans, mealPlanSubscriptions } from './kitchens.tables';

const application: KitchenApplicationInput = {
  businessName: 'Nonna Rosa',
  kitchenType: 'home',
  streetAddress: '12 Oak St',
  city: 'Austin',
  state: 'tx',
  zipCode: '78701',
  contactPhone: '(512) 555-0199',
  foodSafetyCertificate: 'TX-FS-4411',
  cuisine: 'Italian',
  description: 'Fresh pasta\nmade daily.',
};

const newDish: KitchenDishInput = {
  name: 'Green Chile Stew',
  description: 'Slow cooked.',
  menuSection: 'Mains',
  price: 1450,
  images: [],
  available: true,
  hidden: false,
  dietaryTags: ['Gluten-free', 'gluten-free', 'Spicy'],
};

describe.each(databaseKinds)('the cloud kitchen operator on %s', (kind) => {
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

  const auditOf = (entityId: string) =>
    queryRows<{ action: string; actorProfileId: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_profile_id as "actorProfileId", before, after from audit_log where entity_id = ${entityId} order by created_at, id`,
    );

  async function apply(person: Person, input: Partial<KitchenApplicationInput> = {}) {
    return person.client.request('/api/kitchen-applications', { method: 'POST', json: { ...application, ...input } });
  }

  async function mine(person: Person): Promise<MyKitchenApplication> {
    const response = await person.client.request('/api/kitchen-applications/mine');
    expect(response.status).toBe(200);
    return (await response.json()) as MyKitchenApplication;
  }

  describe('applying', () => {
    it('refuses invalid fields at the field and writes nothing', async () => {
      const person = await signedInPerson(t, { role: 'customer' });
      const response = await apply(person, { businessName: ' ', kitchenType: 'garage' as 'home', contactPhone: 'call me', zipCode: '7870', description: '' });
      const error = await expectError(response, 400, 'VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['businessName', 'contactPhone', 'description', 'kitchenType', 'zipCode']);
      expect((await mine(person)).application).toBeNull();
    });

    it('keeps one application pending per person, geocodes it, and shows it to its applicant', async () => {
      const person = await signedInPerson(t, { role: 'customer' });
      const first = await apply(person);
      expect(first.status).toBe(201);
      const created = (await first.json()) as KitchenApplication;
      expect(created).toMatchObject({ status: 'pending', businessName: 'Nonna Rosa', state: 'TX', rejectionReason: null, kitchenId: null });
      await expectError(await apply(person, { businessName: 'Second try' }), 409, 'APPLICATION_PENDING');
      expect((await mine(person)).application).toMatchObject({ id: created.id, status: 'pending' });
      const [row] = await queryRows<{ latitude: number | null }>(t.database.db, sql`select latitude from kitchen_applications where id = ${created.id}`);
      expect(row!.latitude).not.toBeNull();
    });

    it('is for customers: staff are refused, signed-out people must sign in', async () => {
      await expectError(await apply(people.manager), 403, 'FORBIDDEN');
      expect((await t.request('/api/kitchen-applications', { method: 'POST', json: application })).status).toBe(401);
    });
  });

  describe('review', () => {
    it('approves in one go: creates the kitchen from the application and gives the applicant the role, audited', async () => {
      const person = await signedInPerson(t, { role: 'customer' });
      const created = (await (await apply(person, { businessName: 'Approved Eats' })).json()) as KitchenApplication;

      const list = await people.admin.client.request('/api/admin/kitchen-applications?status=pending&pageSize=100');
      expect(list.status).toBe(200);
      const page = (await list.json()) as KitchenApplicationPage;
      expect(page.applications.find((entry) => entry.id === created.id)?.applicant.email).toBe(person.email);

      const approved = await people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/approve`, { method: 'POST' });
      expect(approved.status).toBe(200);
      const decided = (await approved.json()) as KitchenApplication;
      expect(decided.status).toBe('approved');
      expect(decided.kitchenId).toEqual(expect.any(String));

      // The applicant's very next request acts as the owner of the new kitchen.
      const profile = await person.client.request('/api/kitchen/profile');
      expect(profile.status).toBe(200);
      expect((await profile.json()) as KitchenProfile).toMatchObject({ id: decided.kitchenId, businessName: 'Approved Eats', cuisine: 'Italian', isOpen: false });
      expect((await mine(person)).application).toMatchObject({ status: 'approved', kitchenId: decided.kitchenId });

      const audit = await auditOf(created.id);
      expect(audit).toEqual([
        expect.objectContaining({ action: 'kitchen_application.approved', actorProfileId: people.admin.profileId, before: { status: 'pending', role: 'customer' } }),
      ]);
      await expectError(await people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/approve`, { method: 'POST' }), 409, 'APPLICATION_ALREADY_DECIDED');
    });

    it('leaves nothing behind when the kitchen cannot be created: the role stays as it was', async () => {
      // An owner who already runs a kitchen applies (as a cloud_kitchen user may) and is approved by mistake.
      const person = await signedInPerson(t, { role: 'customer' });
      const created = (await (await apply(person, { businessName: 'Twice' })).json()) as KitchenApplication;
      await t.database.db.execute(sql`insert into cloud_kitchens (profile_id, business_name) values (${person.profileId}, 'Already here')`);
      await expectError(await people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/approve`, { method: 'POST' }), 409, 'ALREADY_OWNS_KITCHEN');
      const [profile] = await queryRows<{ role: string }>(t.database.db, sql`select role from profiles where id = ${person.profileId}`);
      expect(profile!.role).toBe('customer');
      expect((await mine(person)).application?.status).toBe('pending');
      expect(await auditOf(created.id)).toEqual([]);
    });

    it('refuses while the applicant still has orders in progress or live meal-plan subscriptions, and approves once they are done', async () => {
      const person = await signedInPerson(t, { role: 'customer' });
      const created = (await (await apply(person, { businessName: 'Still Shopping' })).json()) as KitchenApplication;
      const approve = () => people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/approve`, { method: 'POST' });
      // Finished orders do not hold an approval up.
      const ordered = { customerProfileId: person.profileId, warehouseId: f.warehouses.austin.id, driverProfileId: people.driver.profileId };
      await createOrder(t.database.db, { ...ordered, status: 'delivered' });
      await createOrder(t.database.db, { ...ordered, status: 'cancelled' });
      const onItsWay = await createOrder(t.database.db, { ...ordered, status: 'out_for_delivery' });
      const [plan] = await t.database.db.insert(mealPlans).values({ cloudKitchenId: f.kitchenId, name: 'Approval Week', mealsPerWeek: 3, weeklyPrice: 3000 }).returning();
      const [paused] = await t.database.db
        .insert(mealPlanSubscriptions)
        .values({ mealPlanId: plan!.id, customerProfileId: person.profileId, status: 'paused', weeklyPrice: 3000 })
        .returning();

      const refused = await approve();
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: {
          code: 'APPLICANT_STILL_SHOPPING',
          message:
            'The applicant still has 1 order in progress and 1 meal-plan subscription active or paused. A kitchen account cannot see them, so they need to finish or cancel them before this application can be approved.',
        },
      });
      const roleOf = async () => (await queryRows<{ role: string }>(t.database.db, sql`select role from profiles where id = ${person.profileId}`))[0]!.role;
      expect(await roleOf()).toBe('customer');
      expect((await mine(person)).application?.status).toBe('pending');

      await moveTestOrder(t.database.db, onItsWay.id, 'delivered');
      await expectError(await approve(), 409, 'APPLICANT_STILL_SHOPPING');
      await t.database.db.update(mealPlanSubscriptions).set({ status: 'cancelled' }).where(sql`${mealPlanSubscriptions.id} = ${paused!.id}`);
      expect((await approve()).status).toBe(200);
      expect(await roleOf()).toBe('cloud_kitchen');
    });

    it('rejects with a reason the applicant sees, who may then apply again', async () => {
      const person = await signedInPerson(t, { role: 'customer' });
      const created = (await (await apply(person)).json()) as KitchenApplication;
      await expectError(await people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/reject`, { method: 'POST', json: { reason: '' } }), 400, 'VALIDATION_FAILED');
      const rejected = await people.admin.client.request(`/api/admin/kitchen-applications/${created.id}/reject`, {
        method: 'POST',
        json: { reason: 'The certificate number does not match our records.' },
      });
      expect(rejected.status).toBe(200);
      expect((await mine(person)).application).toMatchObject({ status: 'rejected', rejectionReason: 'The certificate number does not match our records.' });
      expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(['kitchen_application.rejected']);
      expect((await apply(person)).status).toBe(201);
    });

    it('is for admins only', async () => {
      for (const person of [people.customer, people.manager, people.kitchenOwner, people.support]) {
        expect((await person.client.request('/api/admin/kitchen-applications')).status).toBe(403);
      }
    });

    it('lists pending first, oldest first, paged', async () => {
      const response = await people.admin.client.request('/api/admin/kitchen-applications?pageSize=2&page=1');
      const page = (await response.json()) as KitchenApplicationPage;
      expect(page.applications).toHaveLength(2);
      expect(page.total).toBeGreaterThan(2);
      const all = (await (await people.admin.client.request('/api/admin/kitchen-applications?pageSize=100')).json()) as KitchenApplicationPage;
      const statuses = all.applications.map((entry) => entry.status);
      expect(statuses.slice(0, statuses.lastIndexOf('pending') + 1).every((status) => status === 'pending')).toBe(true);
      const pendingTimes = all.applications.filter((entry) => entry.status === 'pending').map((entry) => entry.submittedAt);
      expect(pendingTimes).toEqual([...pendingTimes].sort());
    });
  });

  describe("the owner's kitchen", () => {
    const profileInput = (overrides: Partial<KitchenProfileInput> = {}): KitchenProfileInput => ({
      businessName: 'Taco Test Kitchen',
      description: 'Tacos.',
      cuisine: 'Tex-Mex',
      imageUrl: '',
      streetAddress: '5 Elm',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      contactPhone: '(512) 555-0100',
      openingHours: [
        { day: 1, opens: '11:00', closes: '21:00' },
        { day: 5, opens: '18:00', closes: '02:00' },
      ],
      timeZone: 'America/Chicago',
      prepTimeMinutes: 20,
      ordersPerHour: 12,
      ...overrides,
    });

    it('edits the profile and hours (overnight allowed), audited; refuses bad hours and time zones at the field', async () => {
      const saved = await people.kitchenOwner.client.request('/api/kitchen/profile', { method: 'PUT', json: profileInput({ businessName: 'Taco Town' }) });
      expect(saved.status).toBe(200);
      expect((await saved.json()) as KitchenProfile).toMatchObject({ businessName: 'Taco Town', prepTimeMinutes: 20, ordersPerHour: 12 });
      expect((await auditOf(f.kitchenId)).map((entry) => entry.action)).toContain('kitchen.profile_updated');

      const bad = await people.kitchenOwner.client.request('/api/kitchen/profile', {
        method: 'PUT',
        json: profileInput({ openingHours: [{ day: 2, opens: '10:00', closes: '10:00' }], timeZone: 'Mars/Olympus', prepTimeMinutes: 0 }),
      });
      const error = await expectError(bad, 400, 'VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['openingHours.0.closes', 'prepTimeMinutes', 'timeZone']);
    });

    it('keeps the open switch as set, and the storefront and checkout follow it', async () => {
      const closed = await people.kitchenOwner.client.request('/api/kitchen/open', { method: 'PUT', json: { isOpen: false } });
      expect(((await closed.json()) as KitchenProfile).isOpen).toBe(false);
      expect(((await (await people.kitchenOwner.client.request('/api/kitchen/profile')).json()) as KitchenProfile).isOpen).toBe(false);
      const menu = (await (await t.request(`/api/kitchens/${f.kitchenId}`)).json()) as KitchenMenu;
      expect(menu.kitchen.openNow).toBe(false);
      const [schedule] = await queryRows<{ isOpen: boolean }>(t.database.db, sql`select is_open as "isOpen" from cloud_kitchens where id = ${f.kitchenId}`);
      expect(schedule!.isOpen).toBe(false);
      expect((await auditOf(f.kitchenId)).map((entry) => entry.action)).toContain('kitchen.closed');
      expect((await people.kitchenOwner.client.request('/api/kitchen/open', { method: 'PUT', json: { isOpen: true } })).status).toBe(200);
    });

    it('manages the menu: create with dietary tags, edit, hide, delete; the customer menu follows; all audited', async () => {
      const created = await people.kitchenOwner.client.request('/api/kitchen/dishes', { method: 'POST', json: newDish });
      expect(created.status).toBe(201);
      const dish = (await created.json()) as KitchenDish;
      expect(dish.dietaryTags).toEqual(['gluten-free', 'spicy']);

      const customerMenu = async () => ((await (await t.request(`/api/kitchens/${f.kitchenId}`)).json()) as KitchenMenu).sections.flatMap((section) => section.dishes);
      expect((await customerMenu()).find((entry) => entry.id === dish.id)).toMatchObject({ name: 'Green Chile Stew', price: 1450, dietaryTags: ['gluten-free', 'spicy'] });

      await people.customer.client.request('/api/cart', { method: 'POST' });
      const addToCart = () => people.customer.client.request('/api/cart/items', { method: 'POST', json: { itemType: 'cloud_kitchen', cloudKitchenProductId: dish.id, quantity: 1 } });
      expect((await addToCart()).status).toBe(200);

      const hidden = await people.kitchenOwner.client.request(`/api/kitchen/dishes/${dish.id}`, { method: 'PUT', json: { ...newDish, price: 1500, hidden: true } });
      expect(((await hidden.json()) as KitchenDish).hidden).toBe(true);
      expect((await customerMenu()).some((entry) => entry.id === dish.id)).toBe(false);
      // A hidden dish cannot be put in a cart either.
      await expectError(await addToCart(), 404, 'NOT_FOUND');

      const owned = (await (await people.kitchenOwner.client.request('/api/kitchen/dishes')).json()) as KitchenDish[];
      expect(owned.find((entry) => entry.id === dish.id)).toMatchObject({ hidden: true, price: 1500 });

      const removed = await people.kitchenOwner.client.request(`/api/kitchen/dishes/${dish.id}`, { method: 'DELETE' });
      expect(removed.status).toBe(204);
      expect((await auditOf(dish.id)).map((entry) => entry.action)).toEqual(['dish.created', 'dish.updated', 'dish.deleted']);
    });

    it("refuses bad dishes at the field, and another kitchen's dish is not found", async () => {
      const bad = await people.kitchenOwner.client.request('/api/kitchen/dishes', { method: 'POST', json: { ...newDish, name: '', price: 0, images: ['https://evil.test/a.png'] } });
      const error = await expectError(bad, 400, 'VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['images.0', 'name', 'price']);

      const tacos = f.dishes.tacos.id;
      await expectError(await people.otherKitchenOwner.client.request(`/api/kitchen/dishes/${tacos}`, { method: 'PUT', json: newDish }), 404, 'NOT_FOUND');
      await expectError(await people.otherKitchenOwner.client.request(`/api/kitchen/dishes/${tacos}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
      // The other owner has no kitchen of their own yet.
      await expectError(await people.otherKitchenOwner.client.request('/api/kitchen/profile'), 404, 'NOT_FOUND');
      expect((await people.manager.client.request('/api/kitchen/dishes')).status).toBe(403);
      const [row] = await queryRows<{ name: string }>(t.database.db, sql`select name from cloud_kitchen_products where id = ${tacos}`);
      expect(row!.name).toBe('Brisket Tacos');
    });

    it("answers the kitchen's ratings", async () => {
      const response = await people.kitchenOwner.client.request('/api/kitchen/ratings');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ average: null, count: 0, recent: [] });
    });
  });
});
