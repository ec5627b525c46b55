import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { findTargetHandler, isMiddleware } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@/shared/contracts/cart';
import { roles, type Role } from '@/shared/roles';
import { createApp } from './app';
import { assignWarehouseStaff, createAccount, createProduct, createWarehouses } from './db/seed/factories';
import { setDriverAvailability } from './modules/locations/driver-availability';
import { createAddress } from './modules/locations/create-address';
import type { ReturnRequest } from '@/shared/contracts/orders';
import type { OrderStatus } from '@/shared/order-status';
import { createCatalogFixture, type CatalogFixture } from './test/catalog-fixture';
import { startStripeStandIn, stripeTestEnv, type StripeStandIn } from './test/stripe-stand-in';
import { createOrder } from './test/order-fixture';
import { createConversation } from './test/conversation-fixture';
import { insertTicket } from './modules/support-tickets/ticket-records';
import { createKitchenWithMenu } from './db/seed/kitchens';
import { cloudKitchenProducts } from './modules/kitchens/kitchens.tables';
import type { KitchenMealPlan, MealPlanSubscription } from '@/shared/contracts/meal-plans';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp, type TestClient, type TestRequestInit } from './test/test-app';
import { databaseKinds } from './test/test-database';

/**
 * The access matrix: every API endpoint of the app's route table × who asks (signed out, each role,
 * and for a resource with an owner, its owner against another person of the same role) → the status
 * the server answers. A route without a row fails the suite, so no endpoint is ever added unguarded
 * by accident; a row without a route fails it too, so the table stays true.
 */

type Who = 'signedOut' | Role;
const everyone: Who[] = ['signedOut', ...roles];

interface Account {
  email: string;
  role: Role;
  profileId: string;
  client: TestClient;
}

interface Context {
  t: TestApp;
  fixture: CatalogFixture;
  /** Two people per role: `a` asks, `b` is the other person of the same role. */
  people: Record<Role, { a: Account; b: Account }>;
}

interface Probe {
  path: string;
  init?: TestRequestInit;
  /** What a 200 must be, when it is not JSON (an event stream). */
  contentType?: RegExp;
}

interface OpenRow {
  probe(context: Context): Probe;
  /** The status each kind of viewer gets. */
  expect: Record<Who, number>;
  /** Ask with a session of a newly made account of the role (for requests that end sessions). */
  freshAccount?: true;
}

interface OwnedRow {
  /** Who can own such a resource; for the other roles, "another person's" is a customer's. */
  ownerRoles: readonly Role[];
  /** Makes a resource owned by `owner` and answers its id. */
  create(context: Context, owner: Account): Promise<string>;
  probe(id: string): Probe;
  /** The status when asking about another person's resource (signed out: a customer's). */
  expect: Record<Who, number>;
  /** The status when asking about one's own, per role that can own one. */
  own: Partial<Record<Role, number>>;
}

type Row = OpenRow | OwnedRow;

const all = (status: number): Record<Who, number> => Object.fromEntries(everyone.map((who) => [who, status])) as Record<Who, number>;
const signedIn = (status: number): Record<Who, number> => ({ ...all(status), signedOut: 401 });
const only = (allowed: Role[], status: number): Record<Who, number> => ({
  ...Object.fromEntries(roles.map((role) => [role, allowed.includes(role) ? status : 403])),
  signedOut: 401,
}) as Record<Who, number>;
const ownOnly = (ownerRoles: readonly Role[], status: number): Partial<Record<Role, number>> => Object.fromEntries(ownerRoles.map((role) => [role, status]));

/** A browser's push subscription: a real P-256 public key and auth secret, as PushSubscription#toJSON gives them. */
const pushSubscription = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: 'https://push.example.test/device/1', keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
})();

/** An FCM registration token, as the app's push plugin hands it over. */
const nativeDeviceToken = `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;

function catalogProductInput(context: Context, sku: string) {
  return { name: 'Matrix Product', sku, categoryId: context.fixture.categories.produce.id, subcategoryId: null };
}

function catalogBundleInput(context: Context, name: string) {
  const { bananas, apples } = context.fixture.products;
  return { name, discountedPrice: 400, items: [{ productId: bananas.id, quantity: 2 }, { productId: apples.id, quantity: 2 }] };
}

const address = { label: 'Home', streetAddress: '1 Test Way', city: 'Austin', state: 'TX', zipCode: '78701' };

/** Another unit each time: a person cannot save the same address twice. */
let units = 0;
const anotherUnit = () => `Unit ${(units += 1)}`;

async function addressOf(context: Context, owner: Account): Promise<string> {
  const viewer = { role: owner.role, profileId: owner.profileId, warehouseIds: [], kitchenIds: [] };
  const saved = await createAddress({ db: context.t.database.db, geocoder: context.t.deps.geocoder, viewer, input: { ...address, unit: anotherUnit(), deliveryInstructions: '', isDefault: false } });
  return saved.id;
}

async function cartLineOf(context: Context, owner: Account): Promise<string> {
  const { bananas } = context.fixture.products;
  await owner.client.request('/api/cart', { method: 'POST' });
  const added = await owner.client.request('/api/cart/items', {
    method: 'POST',
    json: { itemType: 'product', productId: bananas.id, warehouseId: context.fixture.warehouses.austin.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  const cart = (await added.json()) as Cart;
  return cart.items.find((line) => line.productId === bananas.id)!.id;
}

/** A customer's conversation the assistant handed to a person (their earlier open one closed). */
async function escalatedConversationOf(context: Context, owner: Account): Promise<string> {
  const customer = owner.role === 'customer' ? owner : context.people.customer.b;
  const { id } = await createConversation(context.t.database.db, {
    customerProfileId: customer.profileId,
    replaceOpen: true,
    messages: [{ author: 'user', content: 'I want to talk to a person' }],
    escalate: { summary: 'Asked for a person' },
  });
  return id;
}

const ticketInput = { name: 'Matrix Sender', email: 'sender@example.test', topic: 'delivery', message: 'My delivery was late today.' };

/** A ticket sent by a signed-in person, written directly so the sending limit never gets in the way. */
async function ticketOf(context: Context, owner: Account): Promise<string> {
  const ticket = await insertTicket(context.t.database.db, {
    ...ticketInput,
    orderNumber: '',
    topic: 'delivery',
    profileId: owner.profileId,
    senderKey: `profile:${owner.profileId}`,
  });
  return ticket.id;
}

/** An order of a customer's (or, for a driver, driven by them) in the given status, by the Austin warehouse. */
async function trackedOrderOf(context: Context, owner: Account, status: 'delivered' | 'out_for_delivery'): Promise<string> {
  const driver = owner.role === 'driver' ? owner : context.people.driver.b;
  const customer = owner.role === 'customer' ? owner : context.people.customer.b;
  const order = await createOrder(context.t.database.db, {
    customerProfileId: customer.profileId,
    warehouseId: context.fixture.warehouses.austin.id,
    status,
    driverProfileId: driver.profileId,
  });
  return order.id;
}

const guestItems = (context: Context) => ({
  items: [{ itemType: 'product', productId: context.fixture.products.bananas.id, warehouseId: context.fixture.warehouses.austin.id, quantity: 2 }],
});

/** An order of the owner's, walked to `status` (a driver, who is not the asker, takes it out). */
async function orderOf(context: Context, owner: Account, status: OrderStatus = 'placed') {
  return createOrder(context.t.database.db, {
    customerProfileId: owner.profileId,
    warehouseId: context.fixture.warehouses.austin.id,
    lines: [{ itemType: 'product', productId: context.fixture.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 49 }],
    status,
    driverProfileId: context.people.driver.b.profileId,
  });
}

/** The smallest file PNG's magic number lets through. */
const pngPhoto = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64')}`;

/** A return request the owner sent for their delivered order, answered as its id. */
async function returnRequestOf(context: Context, owner: Account, photo?: string): Promise<string> {
  const created = await orderOf(context, owner, 'delivered');
  const response = await owner.client.request(`/api/orders/${created.id}/returns`, {
    method: 'POST',
    json: { lines: [{ orderLineId: created.lineIds[0], quantity: 1 }], reason: 'Bruised', ...(photo ? { photo } : {}) },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as ReturnRequest).id;
}

/** The kitchen each cloud_kitchen person of the matrix runs, made on first use. */
const matrixKitchens = new Map<string, Promise<string>>();

function kitchenOf(context: Context, owner: Account): Promise<string> {
  let kitchen = matrixKitchens.get(owner.profileId);
  if (!kitchen) {
    kitchen = createKitchenWithMenu({
      db: context.t.database.db,
      profileId: owner.profileId,
      kitchen: {
        businessName: `Matrix Kitchen ${owner.email}`,
        kitchenType: 'home',
        cuisine: 'Test',
        description: '',
        streetAddress: '5 Elm',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.27,
        longitude: -97.74,
        contactPhone: '',
        foodSafetyCertificate: '',
        prepTimeMinutes: 20,
        openingHours: [],
        owner: { email: owner.email, firstName: 'Matrix', lastName: 'Owner' },
        dishes: [{ name: 'Soup', description: '', priceCents: 900, category: 'Mains' }],
        mealPlans: [],
      },
    });
    matrixKitchens.set(owner.profileId, kitchen);
  }
  return kitchen;
}

const mealPlanInput = { name: 'Matrix Plan', description: '', mealsPerWeek: 3, weeklyPrice: 3000, deliveryDay: 2, dishIds: [] };

/** A plan of the owner's kitchen; for anyone else, one of the other kitchen owner's. */
async function mealPlanOf(context: Context, owner: Account): Promise<string> {
  const publisher = owner.role === 'cloud_kitchen' ? owner : context.people.cloud_kitchen.b;
  await kitchenOf(context, publisher);
  const response = await asPublisher(context, publisher).request('/api/kitchen/meal-plans', { method: 'POST', json: mealPlanInput });
  expect(response.status).toBe(201);
  return ((await response.json()) as KitchenMealPlan).id;
}

function asPublisher(context: Context, publisher: Account): TestClient {
  const client = context.t.client();
  for (const [name, value] of publisher.client.cookies) client.cookies.set(name, value);
  return client;
}

/** One address per customer for all their subscriptions: a person keeps at most 20. */
const subscriptionAddresses = new Map<string, Promise<string>>();

function subscriberAddress(context: Context, owner: Account): Promise<string> {
  if (!subscriptionAddresses.has(owner.profileId)) subscriptionAddresses.set(owner.profileId, addressOf(context, owner));
  return subscriptionAddresses.get(owner.profileId)!;
}

/** The owner's subscription to a new plan, paused first when asked. */
async function subscriptionOf(context: Context, owner: Account, paused = false): Promise<string> {
  const planId = await mealPlanOf(context, owner);
  const addressId = await subscriberAddress(context, owner);
  const subscribed = await owner.client.request(`/api/meal-plans/${planId}/subscriptions`, { method: 'POST', json: { addressId } });
  expect(subscribed.status).toBe(201);
  const { id } = (await subscribed.json()) as MealPlanSubscription;
  if (paused) expect((await owner.client.request(`/api/meal-plan-subscriptions/${id}/pause`, { method: 'POST' })).status).toBe(200);
  return id;
}

const kitchenProfileInput = {
  businessName: 'Matrix Kitchen',
  description: '',
  cuisine: 'Soups',
  imageUrl: '',
  streetAddress: '5 Elm',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  contactPhone: '(512) 555-0100',
  openingHours: [{ day: 1, opens: '11:00', closes: '21:00' }],
  timeZone: 'America/Chicago',
  prepTimeMinutes: 20,
  ordersPerHour: 8,
};
const dishInput = { name: 'Matrix Soup', description: '', menuSection: 'Mains', price: 900, images: [], available: true, hidden: false, dietaryTags: [] };

/** A dish of the owner's kitchen; for someone who runs no kitchen, the catalog kitchen's (another owner's). */
async function dishOf(context: Context, owner: Account): Promise<string> {
  if (owner.role !== 'cloud_kitchen') return context.fixture.dishes.churros.id;
  const response = await owner.client.request('/api/kitchen/dishes', { method: 'POST', json: dishInput });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The account an admin's change is tried on: the admin's own, or else a customer made for it (changes must not touch the askers). */
async function accountToChange(context: Context, owner: Account): Promise<string> {
  if (owner.role === 'admin' && owner === context.people.admin.a) return owner.profileId;
  const { profile } = await createAccount({
    db: context.t.database.db,
    auth: context.t.deps.auth,
    account: { email: uniqueEmail('changed'), password: testPassword, firstName: 'Changed', lastName: 'Person', role: 'customer' },
  });
  return profile.id;
}

/**
 * A new warehouse run by `owner` as its manager, selling one product; answered as "<warehouse id>
 * <product id>". Another manager asking about it is told it does not exist.
 */
async function managedShelfOf(context: Context, owner: Account): Promise<string> {
  const db = context.t.database.db;
  const suffix = crypto.randomUUID().slice(0, 8);
  const [warehouse] = await createWarehouses({
    db,
    warehouses: [{ name: `Matrix ${suffix}`, streetAddress: '9 Main', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.3, longitude: -97.7, location: 'Austin, TX' }],
  });
  const product = await createProduct({
    db,
    name: `Matrix plums ${suffix}`,
    sku: `M-${suffix}`,
    categoryId: context.fixture.categories.produce.id,
    shelves: [{ warehouseId: warehouse!.id, price: 300, stockQuantity: 5 }],
  });
  await assignWarehouseStaff({ db, profileId: owner.profileId, role: 'manager', warehouseIds: [warehouse!.id] });
  return `${warehouse!.id} ${product.id}`;
}

/** A confirmed order at a warehouse `owner` manages, answered as "<order id> <line id>". */
async function managedOrderLineOf(context: Context, owner: Account): Promise<string> {
  const [warehouseId, productId] = (await managedShelfOf(context, owner)).split(' ');
  const order = await createOrder(context.t.database.db, {
    customerProfileId: context.people.customer.b.profileId,
    warehouseId: warehouseId!,
    lines: [{ itemType: 'product', productId, name: 'Plums', quantity: 2, unitPrice: 300 }],
    status: 'confirmed',
  });
  return `${order.id} ${order.lineIds[0]}`;
}
/** A warehouse in Austin the admin may open, placed by hand so no geocoder is asked. */
const warehouseInput = (name: string) => ({
  name,
  streetAddress: '1 Matrix Way',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  deliveryRadiusMiles: 10,
  deliveryFeeCents: 299,
  windowCapacity: 10,
  pickTimeMinutes: 20,
  timeZone: 'America/Chicago',
  active: true,
});

/**
 * An order that is `owner`'s by their role: a customer's own, one at a warehouse a manager runs, one a
 * driver is assigned, one from a kitchen owner's kitchen. Asked by the other person of the role, that is
 * a manager of another warehouse, a driver not assigned, the owner of another kitchen.
 */
async function orderHeldBy(context: Context, owner: Account, status: 'placed' | 'delivered' = 'placed'): Promise<string> {
  const db = context.t.database.db;
  const customerProfileId = owner.role === 'customer' ? owner.profileId : context.people.customer.b.profileId;
  const driverProfileId = owner.role === 'driver' ? owner.profileId : context.people.driver.b.profileId;
  if (owner.role === 'manager') {
    const [warehouseId, productId] = (await managedShelfOf(context, owner)).split(' ');
    const lines = [{ itemType: 'product' as const, productId, name: 'Plums', quantity: 1, unitPrice: 300 }];
    return (await createOrder(db, { customerProfileId, warehouseId: warehouseId!, lines, status, driverProfileId })).id;
  }
  if (owner.role === 'cloud_kitchen') {
    const cloudKitchenId = await kitchenOf(context, owner);
    const [dish] = await db.select({ id: cloudKitchenProducts.id }).from(cloudKitchenProducts).where(eq(cloudKitchenProducts.cloudKitchenId, cloudKitchenId));
    const lines = [{ itemType: 'cloud_kitchen' as const, cloudKitchenProductId: dish!.id, name: 'Soup', quantity: 1, unitPrice: 900 }];
    return (await createOrder(db, { customerProfileId, warehouseId: context.fixture.warehouses.austin.id, cloudKitchenId, lines, status, driverProfileId })).id;
  }
  return (await createOrder(db, { customerProfileId, warehouseId: context.fixture.warehouses.austin.id, status, driverProfileId })).id;
}

/** Who may see another customer's order: support and admins; staff of no warehouse or kitchen of it may not. */
const seenBySupport = (status: { support: number; admin: number }): Record<Who, number> => ({ ...signedIn(404), ...status });

/** One row per endpoint, keyed by method and path as the route table spells them. */
const accessMatrix: Record<string, Row> = {
  'GET /api/live': { probe: () => ({ path: '/api/live' }), expect: all(200) },
  'GET /api/health': { probe: () => ({ path: '/api/health' }), expect: all(200) },
  'GET /api/openapi.json': { probe: () => ({ path: '/api/openapi.json' }), expect: all(200) },
  'GET /api/docs': { probe: () => ({ path: '/api/docs' }), expect: all(200) },
  'GET /api/docs/init.js': { probe: () => ({ path: '/api/docs/init.js' }), expect: all(200) },
  'GET /api/config': { probe: () => ({ path: '/api/config' }), expect: all(200) },
  // Whatever is not an endpoint answers 404 in the one error shape, to everyone.
  'ALL /api/*': { probe: () => ({ path: '/api/no-such-endpoint', init: { method: 'POST', json: {} } }), expect: all(404) },

  // Accounts: better-auth's endpoints, and ours in front of some of them.
  'POST /api/auth/sign-up/email': {
    probe: () => ({ path: '/api/auth/sign-up/email', init: { method: 'POST', json: { email: uniqueEmail('matrix'), password: testPassword, firstName: 'New', lastName: 'Person' } } }),
    expect: all(200),
  },
  'POST /api/auth/sign-in/email': {
    probe: (context: Context) => ({ path: '/api/auth/sign-in/email', init: { method: 'POST', json: { email: context.people.customer.b.email, password: testPassword } } }),
    expect: all(200),
  },
  'POST /api/auth/sign-in/social': {
    // No Google client is configured in tests: the method is not offered to anyone.
    probe: () => ({ path: '/api/auth/sign-in/social', init: { method: 'POST', json: { provider: 'google', idToken: { token: 'x' } } } }),
    expect: all(404),
  },
  // Answered alike for every email, so nobody learns which ones have an account.
  'POST /api/auth/request-password-reset': {
    probe: (context: Context) => ({ path: '/api/auth/request-password-reset', init: { method: 'POST', json: { email: context.people.customer.b.email } } }),
    expect: all(200),
  },
  // Only the emailed token opens it; a made-up one is refused to everyone alike.
  'POST /api/auth/reset-password': {
    probe: () => ({ path: '/api/auth/reset-password', init: { method: 'POST', json: { token: 'made-up-token', newPassword: 'a-brand-new-secret' } } }),
    expect: all(400),
  },
  'GET /api/auth/*': { probe: () => ({ path: '/api/auth/get-session' }), expect: all(200) },
  // Checked before better-auth, which ends the sessions before it reads the body.
  'POST /api/auth/sign-out': {
    probe: () => ({ path: '/api/auth/sign-out', init: { method: 'POST', json: {} } }),
    expect: all(200),
    freshAccount: true,
  },
  'POST /api/auth/*': {
    probe: () => ({ path: '/api/auth/revoke-other-sessions', init: { method: 'POST', json: {} } }),
    expect: signedIn(200),
    freshAccount: true,
  },

  'GET /api/profile': { probe: () => ({ path: '/api/profile' }), expect: signedIn(200) },
  'PATCH /api/profile': { probe: () => ({ path: '/api/profile', init: { method: 'PATCH', json: { firstName: 'Renamed' } } }), expect: signedIn(200) },
  'GET /api/admin/diagnostics': { probe: () => ({ path: '/api/admin/diagnostics' }), expect: only(['admin'], 200) },
  // Bulk product upload: admins only. The import probe's one row is good, so an admin's import runs.
  'GET /api/admin/catalog/import/template': { probe: () => ({ path: '/api/admin/catalog/import/template', contentType: /^text\/csv/ }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/import/preview': {
    probe: () => ({ path: '/api/admin/catalog/import/preview', init: { method: 'POST', json: { csv: 'sku,name,category\nMATRIX-1,Matrix,fruits-vegetables\n' } } }),
    expect: only(['admin'], 200),
  },
  'POST /api/admin/catalog/import': {
    probe: () => ({ path: '/api/admin/catalog/import', init: { method: 'POST', json: { csv: 'sku,name,category\nMATRIX-1,Matrix,fruits-vegetables\n' } } }),
    expect: only(['admin'], 200),
  },
  // The catalog editor: admins only. Edits write back what the fixture holds, so other rows see the same catalog.
  'GET /api/admin/catalog/products': { probe: () => ({ path: '/api/admin/catalog/products?q=ban' }), expect: only(['admin'], 200) },
  'GET /api/admin/catalog/products/:id': { probe: (context: Context) => ({ path: `/api/admin/catalog/products/${context.fixture.products.bananas.id}` }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/products': {
    probe: (context: Context) => ({ path: '/api/admin/catalog/products', init: { method: 'POST', json: catalogProductInput(context, `M-${crypto.randomUUID()}`) } }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/catalog/products/:id': {
    probe: (context: Context) => ({
      path: `/api/admin/catalog/products/${context.fixture.products.unsold.id}`,
      init: { method: 'PUT', json: { ...catalogProductInput(context, 'T-DRA'), name: 'Dragon Fruit', subcategoryId: context.fixture.subcategories.fruit.id } },
    }),
    expect: only(['admin'], 200),
  },
  'PUT /api/admin/catalog/products/:id/shelves/:warehouseId': {
    probe: (context: Context) => ({
      path: `/api/admin/catalog/products/${context.fixture.products.bananas.id}/shelves/${context.fixture.warehouses.jersey.id}`,
      init: { method: 'PUT', json: { price: 59, stockQuantity: 50, active: true } },
    }),
    expect: only(['admin'], 200),
  },
  'POST /api/admin/catalog/products/:id/active': {
    probe: (context: Context) => ({ path: `/api/admin/catalog/products/${context.fixture.products.bananas.id}/active`, init: { method: 'POST', json: { active: true } } }),
    expect: only(['admin'], 200),
  },
  'GET /api/admin/catalog/categories': { probe: () => ({ path: '/api/admin/catalog/categories' }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/categories': {
    probe: () => ({ path: '/api/admin/catalog/categories', init: { method: 'POST', json: { name: `Matrix ${crypto.randomUUID()}`, sortOrder: 9 } } }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/catalog/categories/:id': {
    probe: (context: Context) => ({
      path: `/api/admin/catalog/categories/${context.fixture.categories.meat.id}`,
      init: { method: 'PUT', json: { name: 'Meat & Seafood', sortOrder: 0 } },
    }),
    expect: only(['admin'], 200),
  },
  'POST /api/admin/catalog/subcategories': {
    probe: (context: Context) => ({
      path: '/api/admin/catalog/subcategories',
      init: { method: 'POST', json: { categoryId: context.fixture.categories.meat.id, name: `Matrix ${crypto.randomUUID()}`, sortOrder: 9 } },
    }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/catalog/subcategories/:id': {
    probe: (context: Context) => ({
      path: `/api/admin/catalog/subcategories/${context.fixture.subcategories.poultry.id}`,
      init: { method: 'PUT', json: { categoryId: context.fixture.categories.meat.id, name: 'Poultry', sortOrder: 0 } },
    }),
    expect: only(['admin'], 200),
  },
  'GET /api/admin/catalog/bundles': { probe: () => ({ path: '/api/admin/catalog/bundles' }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/bundles': {
    probe: (context: Context) => ({ path: '/api/admin/catalog/bundles', init: { method: 'POST', json: catalogBundleInput(context, `Matrix ${crypto.randomUUID()}`) } }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/catalog/bundles/:id': {
    probe: (context: Context) => ({ path: `/api/admin/catalog/bundles/${context.fixture.bundle.id}`, init: { method: 'PUT', json: catalogBundleInput(context, 'Fruit Basket') } }),
    expect: only(['admin'], 200),
  },
  'GET /api/admin/catalog/bogo-offers': { probe: () => ({ path: '/api/admin/catalog/bogo-offers' }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/bogo-offers': {
    probe: (context: Context) => ({
      path: '/api/admin/catalog/bogo-offers',
      init: { method: 'POST', json: { name: 'Matrix offer', productId: context.fixture.products.carrots.id, buyQuantity: 3, getQuantity: 1, active: false } },
    }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/catalog/bogo-offers/:id': {
    probe: (context: Context) => ({
      path: `/api/admin/catalog/bogo-offers/${context.fixture.bogo.id}`,
      init: { method: 'PUT', json: { name: 'Buy 2 Get 1 Apples', productId: context.fixture.products.apples.id, buyQuantity: 2, getQuantity: 1 } },
    }),
    expect: only(['admin'], 200),
  },
  'GET /api/admin/catalog/discounts': { probe: () => ({ path: '/api/admin/catalog/discounts' }), expect: only(['admin'], 200) },
  'POST /api/admin/catalog/discounts': {
    probe: (context: Context) => ({
      path: '/api/admin/catalog/discounts',
      init: { method: 'POST', json: { name: 'Matrix discount', scope: 'product', targetId: context.fixture.products.carrots.id, minQuantity: 50, percentage: 5, active: false } },
    }),
    expect: only(['admin'], 201),
  },
  // A discount that does not exist: the admin is told so, everyone else is refused first.
  'PUT /api/admin/catalog/discounts/:id': {
    probe: (context: Context) => ({
      path: '/api/admin/catalog/discounts/00000000-0000-4000-8000-000000000000',
      init: { method: 'PUT', json: { name: 'Nothing', scope: 'category', targetId: context.fixture.categories.meat.id, minQuantity: 1, percentage: 5 } },
    }),
    expect: only(['admin'], 404),
  },
  'GET /api/admin/overview': { probe: () => ({ path: '/api/admin/overview?days=7' }), expect: only(['admin'], 200) },
  'GET /api/admin/audit': { probe: () => ({ path: '/api/admin/audit?q=refund' }), expect: only(['admin'], 200) },
  'GET /api/admin/users': { probe: () => ({ path: '/api/admin/users?role=customer' }), expect: only(['admin'], 200) },
  // Changes to a person: only admins, and never to their own account (so the last admin stays one).
  'POST /api/admin/users/:id/role': {
    ownerRoles: ['admin'],
    create: (context: Context, owner: Account) => accountToChange(context, owner),
    probe: (id: string) => ({ path: `/api/admin/users/${id}/role`, init: { method: 'POST', json: { role: 'support' } } }),
    expect: only(['admin'], 200),
    own: { admin: 409 },
  },
  'POST /api/admin/users/:id/deactivate': {
    ownerRoles: ['admin'],
    create: (context: Context, owner: Account) => accountToChange(context, owner),
    probe: (id: string) => ({ path: `/api/admin/users/${id}/deactivate`, init: { method: 'POST' } }),
    expect: only(['admin'], 200),
    own: { admin: 409 },
  },
  'POST /api/admin/users/:id/reactivate': {
    ownerRoles: ['admin'],
    create: (context: Context, owner: Account) => accountToChange(context, owner),
    probe: (id: string) => ({ path: `/api/admin/users/${id}/reactivate`, init: { method: 'POST' } }),
    expect: only(['admin'], 200),
    own: { admin: 409 },
  },

  // Locations.
  'GET /api/warehouses': { probe: () => ({ path: '/api/warehouses' }), expect: all(200) },
  'POST /api/select-warehouse-and-fee': {
    probe: () => ({ path: '/api/select-warehouse-and-fee', init: { method: 'POST', json: { latitude: 30.27, longitude: -97.74 } } }),
    expect: all(200),
  },
  'POST /api/select-warehouse-and-fee/zip': {
    probe: () => ({ path: '/api/select-warehouse-and-fee/zip', init: { method: 'POST', json: { zipCode: '78701' } } }),
    expect: all(200),
  },
  'GET /api/addresses': { probe: () => ({ path: '/api/addresses' }), expect: signedIn(200) },
  'POST /api/addresses': { probe: () => ({ path: '/api/addresses', init: { method: 'POST', json: { ...address, unit: anotherUnit() } } }), expect: signedIn(201) },
  // Another person's address answers exactly like one that does not exist.
  'PUT /api/addresses/:id': {
    ownerRoles: roles,
    create: addressOf,
    probe: (id: string) => ({ path: `/api/addresses/${id}`, init: { method: 'PUT', json: { ...address, label: 'Work', unit: anotherUnit() } } }),
    expect: signedIn(404),
    own: ownOnly(roles, 200),
  },
  'DELETE /api/addresses/:id': {
    ownerRoles: roles,
    create: addressOf,
    probe: (id: string) => ({ path: `/api/addresses/${id}`, init: { method: 'DELETE' } }),
    expect: signedIn(404),
    own: ownOnly(roles, 204),
  },
  'POST /api/addresses/:id/default': {
    ownerRoles: roles,
    create: addressOf,
    probe: (id: string) => ({ path: `/api/addresses/${id}/default`, init: { method: 'POST' } }),
    expect: signedIn(404),
    own: ownOnly(roles, 200),
  },

  // Catalog and kitchens: public reads.
  'GET /api/products': { probe: () => ({ path: '/api/products' }), expect: all(200) },
  'GET /api/products/:id': { probe: (context: Context) => ({ path: `/api/products/${context.fixture.products.bananas.id}` }), expect: all(200) },
  'GET /api/categories': { probe: () => ({ path: '/api/categories' }), expect: all(200) },
  'GET /api/deals': { probe: () => ({ path: '/api/deals' }), expect: all(200) },
  'GET /api/media/:kind/:file{.+\\.svg}': { probe: () => ({ path: '/api/media/products/T-BAN.svg' }), expect: all(200) },
  'POST /api/kitchens/nearby': {
    probe: () => ({ path: '/api/kitchens/nearby', init: { method: 'POST', json: { userLatitude: 30.27, userLongitude: -97.74 } } }),
    expect: all(200),
  },
  'GET /api/kitchens/:id': { probe: (context: Context) => ({ path: `/api/kitchens/${context.fixture.kitchenId}` }), expect: all(200) },

  // The cart: only customers have one (SPEC §4); a guest's cart is priced without an account.
  'POST /api/cart/quote': { probe: (context: Context) => ({ path: '/api/cart/quote', init: { method: 'POST', json: guestItems(context) } }), expect: all(200) },
  'GET /api/cart': { probe: () => ({ path: '/api/cart' }), expect: only(['customer'], 200) },
  'POST /api/cart': { probe: () => ({ path: '/api/cart', init: { method: 'POST' } }), expect: only(['customer'], 201), freshAccount: true },
  'POST /api/cart/items': {
    probe: (context: Context) => ({
      path: '/api/cart/items',
      init: { method: 'POST', json: { itemType: 'product', productId: context.fixture.products.apples.id, warehouseId: context.fixture.warehouses.austin.id, quantity: 1 } },
    }),
    expect: only(['customer'], 200),
  },
  'DELETE /api/cart/items': { probe: () => ({ path: '/api/cart/items', init: { method: 'DELETE' } }), expect: only(['customer'], 200) },
  'POST /api/cart/merge': { probe: (context: Context) => ({ path: '/api/cart/merge', init: { method: 'POST', json: guestItems(context) } }), expect: only(['customer'], 200) },
  // Another customer's line answers like one that does not exist; staff have no cart at all.
  'PATCH /api/cart/items/:id': {
    ownerRoles: ['customer'],
    create: cartLineOf,
    probe: (id: string) => ({ path: `/api/cart/items/${id}`, init: { method: 'PATCH', json: { quantity: 3 } } }),
    expect: { ...only(['customer'], 404) },
    own: { customer: 200 },
  },
  'DELETE /api/cart/items/:id': {
    ownerRoles: ['customer'],
    create: cartLineOf,
    probe: (id: string) => ({ path: `/api/cart/items/${id}`, init: { method: 'DELETE' } }),
    expect: { ...only(['customer'], 404) },
    own: { customer: 200 },
  },

  // Payments: whether cards are offered is public; the webhook is public too, its signature is the only key.
  'GET /api/payments/config': { probe: () => ({ path: '/api/payments/config' }), expect: all(200) },
  'POST /api/payments/webhook': {
    probe: () => ({ path: '/api/payments/webhook', init: { method: 'POST', headers: { 'stripe-signature': 't=1,v1=forged' }, json: { id: 'evt_forged', type: 'payment_intent.succeeded' } } }),
    expect: all(400),
  },
  // Orders: another customer's order answers like one that does not exist; staff of another warehouse
  // or kitchen see none of it; support and admins see every order but change only what they may.
  'GET /api/orders': { probe: () => ({ path: '/api/orders' }), expect: only(['customer'], 200) },
  // Its customer and the staff it is for see it; a manager of another warehouse, a driver not assigned
  // and the owner of another kitchen are told it does not exist.
  'GET /api/orders/:id': {
    ownerRoles: ['customer', 'manager', 'driver', 'cloud_kitchen'],
    create: (context: Context, owner: Account) => orderHeldBy(context, owner),
    probe: (id: string) => ({ path: `/api/orders/${id}` }),
    expect: seenBySupport({ support: 200, admin: 200 }),
    own: ownOnly(['customer', 'manager', 'driver', 'cloud_kitchen'], 200),
  },
  // Its customer and support cancel in their own words; its kitchen, a new order with a reason from the list.
  'POST /api/orders/:id/cancel': {
    ownerRoles: ['customer', 'cloud_kitchen'],
    create: (context: Context, owner: Account) => orderHeldBy(context, owner),
    probe: (id: string) => ({ path: `/api/orders/${id}/cancel`, init: { method: 'POST', json: { reason: 'out_of_ingredient' } } }),
    expect: seenBySupport({ support: 200, admin: 409 }),
    own: { customer: 200, cloud_kitchen: 200 },
  },
  // Only a kitchen declines, and only its own kitchen's orders: another kitchen's is not found.
  'POST /api/orders/:id/decline': {
    ownerRoles: ['cloud_kitchen'],
    create: (context: Context, owner: Account) => orderHeldBy(context, owner),
    probe: (id: string) => ({ path: `/api/orders/${id}/decline`, init: { method: 'POST', json: { reason: 'too_busy' } } }),
    expect: only(['cloud_kitchen'], 404),
    own: { cloud_kitchen: 200 },
  },
  'POST /api/orders/:id/status': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => (await orderOf(context, owner)).id,
    probe: (id: string) => ({ path: `/api/orders/${id}/status`, init: { method: 'POST', json: { status: 'confirmed' } } }),
    expect: seenBySupport({ support: 409, admin: 409 }),
    own: { customer: 409 },
  },
  'POST /api/orders/:id/driver': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => (await orderOf(context, owner, 'confirmed')).id,
    probe: (id: string) => ({ path: `/api/orders/${id}/driver`, init: { method: 'POST', json: { driverProfileId: '00000000-0000-4000-8000-000000000000' } } }),
    expect: seenBySupport({ support: 409, admin: 409 }),
    own: { customer: 409 },
  },
  'POST /api/orders/:id/reorder': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => (await orderOf(context, owner)).id,
    probe: (id: string) => ({ path: `/api/orders/${id}/reorder`, init: { method: 'POST' } }),
    expect: only(['customer'], 404),
    own: { customer: 200 },
  },
  'POST /api/orders/:id/returns': {
    ownerRoles: ['customer'],
    // The probe needs the order's line too: "<order id> <line id>".
    create: async (context: Context, owner: Account) => {
      const created = await orderOf(context, owner, 'delivered');
      return `${created.id} ${created.lineIds[0]}`;
    },
    probe: (ids: string) => {
      const [orderId, lineId] = ids.split(' ');
      return { path: `/api/orders/${orderId}/returns`, init: { method: 'POST', json: { lines: [{ orderLineId: lineId, quantity: 1 }], reason: 'Bruised' } } };
    },
    expect: only(['customer'], 404),
    own: { customer: 201 },
  },
  'POST /api/orders/:id/refunds': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => (await orderOf(context, owner, 'delivered')).id,
    probe: (id: string) => ({ path: `/api/orders/${id}/refunds`, init: { method: 'POST', json: { kind: 'goodwill', amount: 10, reason: 'Late delivery' } } }),
    expect: only(['support', 'admin'], 201),
    own: { customer: 403 },
  },

  // Returns: support works the queue; the photo is its customer's and support's only.
  'GET /api/returns': { probe: () => ({ path: '/api/returns' }), expect: only(['support', 'admin'], 200) },
  'GET /api/returns/mine': { probe: () => ({ path: '/api/returns/mine' }), expect: only(['customer'], 200) },
  'POST /api/returns/:id/decision': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => returnRequestOf(context, owner),
    probe: (id: string) => ({ path: `/api/returns/${id}/decision`, init: { method: 'POST', json: { decision: 'reject', note: 'Not eligible' } } }),
    expect: only(['support'], 200),
    own: { customer: 403 },
  },
  'GET /api/returns/:id/photo': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => returnRequestOf(context, owner, pngPhoto),
    probe: (id: string) => ({ path: `/api/returns/${id}/photo` }),
    expect: { ...only(['support'], 200), customer: 404 },
    own: { customer: 200 },
  },

  // Support conversations: support and admins work the chats handed to a person; a customer is never let in, even to their own.
  'GET /api/support/conversations': { probe: () => ({ path: '/api/support/conversations' }), expect: only(['support', 'admin'], 200) },
  'GET /api/support/conversations/stream': {
    probe: () => ({ path: '/api/support/conversations/stream', contentType: /^text\/event-stream/ }),
    expect: only(['support', 'admin'], 200),
  },
  'GET /api/support/conversations/:id': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => escalatedConversationOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/conversations/${id}` }),
    expect: only(['support', 'admin'], 200),
    own: { customer: 403 },
  },
  'POST /api/support/conversations/:id/take': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => escalatedConversationOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/conversations/${id}/take`, init: { method: 'POST' } }),
    expect: only(['support', 'admin'], 200),
    own: { customer: 403 },
  },
  'POST /api/support/conversations/:id/messages': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => escalatedConversationOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/conversations/${id}/messages`, init: { method: 'POST', json: { content: 'Hello, I can help.' } } }),
    expect: only(['support', 'admin'], 201),
    own: { customer: 403 },
  },
  'POST /api/support/conversations/:id/close': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => escalatedConversationOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/conversations/${id}/close`, init: { method: 'POST' } }),
    expect: only(['support', 'admin'], 200),
    own: { customer: 403 },
  },

  // Support tickets: anyone sends the contact form; support and admins work the tickets, which their senders never see here.
  'POST /api/support-tickets': {
    probe: () => ({ path: '/api/support-tickets', init: { method: 'POST', json: ticketInput } }),
    expect: all(201),
  },
  'GET /api/support/tickets': { probe: () => ({ path: '/api/support/tickets' }), expect: only(['support', 'admin'], 200) },
  'GET /api/support/tickets/:id': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => ticketOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/tickets/${id}` }),
    expect: only(['support', 'admin'], 200),
    own: { customer: 403 },
  },
  'POST /api/support/tickets/:id/resolve': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => ticketOf(context, owner),
    probe: (id: string) => ({ path: `/api/support/tickets/${id}/resolve`, init: { method: 'POST' } }),
    expect: only(['support', 'admin'], 200),
    own: { customer: 403 },
  },

  // Ratings: a customer rates what they received; summaries are public.
  'PUT /api/ratings': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => {
      const created = await orderOf(context, owner, 'delivered');
      return `${created.id} ${created.lineIds[0]}`;
    },
    probe: (ids: string) => {
      const [orderId, orderLineId] = ids.split(' ');
      return { path: '/api/ratings', init: { method: 'PUT', json: { orderId, orderLineId, stars: 4, comment: 'Ripe' } } };
    },
    expect: only(['customer'], 404),
    own: { customer: 200 },
  },
  'GET /api/ratings/products/:id': { probe: (context: Context) => ({ path: `/api/ratings/products/${context.fixture.products.bananas.id}` }), expect: all(200) },
  'GET /api/ratings/dishes/:id': { probe: (context: Context) => ({ path: `/api/ratings/dishes/${context.fixture.dishes.tacos.id}` }), expect: all(200) },
  'GET /api/ratings/kitchens/:id': { probe: (context: Context) => ({ path: `/api/ratings/kitchens/${context.fixture.kitchenId}` }), expect: all(200) },
  // Tracking. A delivered order's stream sends its snapshot and ends, so the probe can read it whole;
  // whoever may see the order gets the stream, everyone else is told it does not exist.
  'GET /api/tracking/orders/:id/stream': {
    ownerRoles: ['customer', 'manager', 'driver', 'cloud_kitchen'],
    create: (context, owner) => orderHeldBy(context, owner, 'delivered'),
    probe: (id: string) => ({ path: `/api/tracking/orders/${id}/stream`, contentType: /^text\/event-stream/ }),
    expect: { signedOut: 401, customer: 404, admin: 200, manager: 404, driver: 404, cloud_kitchen: 404, support: 200 },
    own: ownOnly(['customer', 'manager', 'driver', 'cloud_kitchen'], 200),
  },
  'POST /api/uploads/images': {
    probe: () => {
      const body = new FormData();
      body.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'a.png', { type: 'image/png' }));
      return { path: '/api/uploads/images', init: { method: 'POST', body } };
    },
    expect: only(['admin', 'manager', 'cloud_kitchen'], 201),
  },
  // Public, as product pictures are; a name never stored is not found.
  'GET /api/uploads/:key': { probe: () => ({ path: '/api/uploads/00000000-0000-4000-8000-000000000000.png' }), expect: all(404) },
  'GET /api/staff/orders': { probe: () => ({ path: '/api/staff/orders' }), expect: only(['admin', 'manager', 'driver', 'cloud_kitchen', 'support'], 200) },
  'GET /api/staff/orders/stream': {
    probe: () => ({ path: '/api/staff/orders/stream', contentType: /^text\/event-stream/ }),
    expect: only(['admin', 'manager', 'driver', 'cloud_kitchen', 'support'], 200),
  },
  // Notifications: everyone signed in, each about their own devices and preferences.
  'GET /api/notifications/push-key': { probe: () => ({ path: '/api/notifications/push-key' }), expect: signedIn(200) },
  'PUT /api/notifications/subscription': {
    probe: () => ({ path: '/api/notifications/subscription', init: { method: 'PUT', json: pushSubscription } }),
    expect: signedIn(204),
  },
  'DELETE /api/notifications/subscription': {
    probe: () => ({ path: '/api/notifications/subscription', init: { method: 'DELETE', json: { endpoint: pushSubscription.endpoint } } }),
    expect: signedIn(204),
  },
  'PUT /api/notifications/native-device': {
    probe: () => ({ path: '/api/notifications/native-device', init: { method: 'PUT', json: { token: nativeDeviceToken, platform: 'android' } } }),
    expect: signedIn(204),
  },
  'DELETE /api/notifications/native-device': {
    probe: () => ({ path: '/api/notifications/native-device', init: { method: 'DELETE', json: { token: nativeDeviceToken } } }),
    expect: signedIn(204),
  },
  'GET /api/notifications/preferences': { probe: () => ({ path: '/api/notifications/preferences' }), expect: signedIn(200) },
  'PUT /api/notifications/preferences': {
    probe: () => ({ path: '/api/notifications/preferences', init: { method: 'PUT', json: { kinds: [] } } }),
    expect: signedIn(200),
  },
  // Support chat: customers only; each asks about their own conversation, so there is no other's to probe.
  'POST /api/support-chat': {
    probe: () => ({ path: '/api/support-chat', init: { method: 'POST', json: { messages: [{ role: 'user', content: 'Hello' }] } }, contentType: /^text\/event-stream/ }),
    expect: only(['customer'], 200),
  },
  'GET /api/support-chat/conversation': { probe: () => ({ path: '/api/support-chat/conversation' }), expect: only(['customer'], 200) },
  'GET /api/support-chat/stream': {
    probe: () => ({ path: '/api/support-chat/stream', contentType: /^text\/event-stream/ }),
    expect: only(['customer'], 200),
  },
  // Kitchen applications: a customer (or a kitchen owner without a kitchen) applies; admins decide.
  'POST /api/kitchen-applications': {
    probe: () => ({
      path: '/api/kitchen-applications',
      init: {
        method: 'POST',
        json: { businessName: 'Matrix Eats', kitchenType: 'home', streetAddress: '1 Test Way', city: 'Austin', state: 'TX', zipCode: '78701', contactPhone: '512 555 0100', foodSafetyCertificate: 'TX-1', cuisine: 'Soups', description: 'Soup.' },
      },
    }),
    expect: only(['customer', 'cloud_kitchen'], 201),
    freshAccount: true,
  },
  'GET /api/kitchen-applications/mine': { probe: () => ({ path: '/api/kitchen-applications/mine' }), expect: signedIn(200) },
  'GET /api/admin/kitchen-applications': { probe: () => ({ path: '/api/admin/kitchen-applications' }), expect: only(['admin'], 200) },
  'POST /api/admin/kitchen-applications/:id/approve': {
    probe: () => ({ path: `/api/admin/kitchen-applications/${crypto.randomUUID()}/approve`, init: { method: 'POST' } }),
    expect: only(['admin'], 404),
  },
  'POST /api/admin/kitchen-applications/:id/reject': {
    probe: () => ({ path: `/api/admin/kitchen-applications/${crypto.randomUUID()}/reject`, init: { method: 'POST', json: { reason: 'No' } } }),
    expect: only(['admin'], 404),
  },
  // The kitchen owner's dashboard: their own kitchen only; another kitchen's dish is not found.
  'GET /api/kitchen/profile': { probe: () => ({ path: '/api/kitchen/profile' }), expect: only(['cloud_kitchen'], 200) },
  'PUT /api/kitchen/profile': { probe: () => ({ path: '/api/kitchen/profile', init: { method: 'PUT', json: kitchenProfileInput } }), expect: only(['cloud_kitchen'], 200) },
  'PUT /api/kitchen/open': { probe: () => ({ path: '/api/kitchen/open', init: { method: 'PUT', json: { isOpen: true } } }), expect: only(['cloud_kitchen'], 200) },
  'GET /api/kitchen/dishes': { probe: () => ({ path: '/api/kitchen/dishes' }), expect: only(['cloud_kitchen'], 200) },
  'POST /api/kitchen/dishes': { probe: () => ({ path: '/api/kitchen/dishes', init: { method: 'POST', json: dishInput } }), expect: only(['cloud_kitchen'], 201) },
  'PUT /api/kitchen/dishes/:id': {
    ownerRoles: ['cloud_kitchen'],
    create: dishOf,
    probe: (id: string) => ({ path: `/api/kitchen/dishes/${id}`, init: { method: 'PUT', json: { ...dishInput, available: false } } }),
    expect: only(['cloud_kitchen'], 404),
    own: { cloud_kitchen: 200 },
  },
  'DELETE /api/kitchen/dishes/:id': {
    ownerRoles: ['cloud_kitchen'],
    create: dishOf,
    probe: (id: string) => ({ path: `/api/kitchen/dishes/${id}`, init: { method: 'DELETE' } }),
    expect: only(['cloud_kitchen'], 404),
    own: { cloud_kitchen: 204 },
  },
  'GET /api/kitchen/ratings': { probe: () => ({ path: '/api/kitchen/ratings' }), expect: only(['cloud_kitchen'], 200) },
  // The manager's dashboard: a warehouse (and its orders) another manager runs answers as if it did not exist.
  'GET /api/inventory': {
    ownerRoles: ['manager'],
    create: managedShelfOf,
    probe: (ids: string) => ({ path: `/api/inventory?warehouseId=${ids.split(' ')[0]}` }),
    expect: { ...only(['admin', 'manager'], 200), manager: 404 },
    own: { manager: 200 },
  },
  'PATCH /api/inventory/:warehouseId/:productId': {
    ownerRoles: ['manager'],
    create: managedShelfOf,
    probe: (ids: string) => ({ path: `/api/inventory/${ids.replace(' ', '/')}`, init: { method: 'PATCH', json: { stockQuantity: 7 } } }),
    expect: { ...only(['admin', 'manager'], 200), manager: 404 },
    own: { manager: 200 },
  },
  'GET /api/manager/pick-list': {
    ownerRoles: ['manager'],
    create: managedOrderLineOf,
    probe: (ids: string) => ({ path: `/api/manager/pick-list?orderIds=${ids.split(' ')[0]}` }),
    expect: { ...only(['admin', 'manager'], 200), manager: 404 },
    own: { manager: 200 },
  },
  'GET /api/manager/drivers': {
    ownerRoles: ['manager'],
    create: managedShelfOf,
    probe: (ids: string) => ({ path: `/api/manager/drivers?warehouseId=${ids.split(' ')[0]}` }),
    expect: { ...only(['manager'], 404) },
    own: { manager: 200 },
  },
  'GET /api/orders/:id/lines/:lineId/substitutes': {
    ownerRoles: ['manager'],
    create: managedOrderLineOf,
    probe: (ids: string) => ({ path: `/api/orders/${ids.replace(' ', '/lines/')}/substitutes` }),
    expect: { ...only(['manager'], 404) },
    own: { manager: 200 },
  },
  // The line's customer asked for a substitute; the warehouse has none, so a refund is what is left.
  'POST /api/orders/:id/lines/:lineId/unavailable': {
    ownerRoles: ['manager'],
    create: managedOrderLineOf,
    probe: (ids: string) => ({ path: `/api/orders/${ids.replace(' ', '/lines/')}/unavailable`, init: { method: 'POST', json: { quantity: 1, resolution: 'refund' } } }),
    expect: { ...only(['manager'], 404) },
    own: { manager: 200 },
  },
  // Warehouses are the admin's to open and edit.
  'GET /api/admin/warehouses': { probe: () => ({ path: '/api/admin/warehouses' }), expect: only(['admin'], 200) },
  'GET /api/admin/warehouses/staff-candidates': { probe: () => ({ path: '/api/admin/warehouses/staff-candidates?q=matrix' }), expect: only(['admin'], 200) },
  'POST /api/admin/warehouses': {
    probe: () => ({ path: '/api/admin/warehouses', init: { method: 'POST', json: warehouseInput(`Matrix ${crypto.randomUUID()}`) } }),
    expect: only(['admin'], 201),
  },
  'PUT /api/admin/warehouses/:id': {
    // Nobody owns a warehouse: every probe edits a new one.
    ownerRoles: [],
    create: async (context: Context) => {
      const response = await context.people.admin.a.client.request('/api/admin/warehouses', { method: 'POST', json: warehouseInput(`Matrix ${crypto.randomUUID()}`) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    probe: (id: string) => ({ path: `/api/admin/warehouses/${id}`, init: { method: 'PUT', json: warehouseInput(`Matrix ${id}`) } }),
    expect: only(['admin'], 200),
    own: {},
  },
  'GET /api/tracking/active': { probe: () => ({ path: '/api/tracking/active' }), expect: only(['customer'], 200) },
  // Public, and an unknown pair is not found for everyone alike.
  'POST /api/tracking/lookup': {
    probe: () => ({ path: '/api/tracking/lookup', init: { method: 'POST', json: { orderNumber: 'FC-20261122-ZZZZ', email: 'nobody@example.test' } } }),
    expect: all(404),
  },
  // Only the order's own driver reports its position; another driver is told it does not exist.
  'POST /api/tracking/orders/:id/position': {
    ownerRoles: ['driver'],
    create: (context, owner) => trackedOrderOf(context, owner, 'out_for_delivery'),
    probe: (id: string) => ({ path: `/api/tracking/orders/${id}/position`, init: { method: 'POST', json: { latitude: 30.28, longitude: -97.73 } } }),
    expect: { ...only(['driver'], 404) },
    own: { driver: 200 },
  },
  // Meal plans: a kitchen owner runs their own kitchen's plans (another's answers as not found);
  // customers find plans publicly and subscribe with their own address, and change only their own subscriptions.
  'GET /api/kitchen/meal-plans': { probe: () => ({ path: '/api/kitchen/meal-plans' }), expect: only(['cloud_kitchen'], 200) },
  'POST /api/kitchen/meal-plans': {
    ownerRoles: ['cloud_kitchen'],
    // Both owners run a kitchen, so each publishes in their own.
    create: async (context: Context, owner: Account) => {
      await kitchenOf(context, context.people.cloud_kitchen.a);
      return kitchenOf(context, owner);
    },
    probe: () => ({ path: '/api/kitchen/meal-plans', init: { method: 'POST', json: mealPlanInput } }),
    expect: only(['cloud_kitchen'], 201),
    own: { cloud_kitchen: 201 },
  },
  'PUT /api/kitchen/meal-plans/:id': {
    ownerRoles: ['cloud_kitchen'],
    create: mealPlanOf,
    probe: (id: string) => ({ path: `/api/kitchen/meal-plans/${id}`, init: { method: 'PUT', json: { ...mealPlanInput, name: 'Renamed' } } }),
    expect: only(['cloud_kitchen'], 404),
    own: { cloud_kitchen: 200 },
  },
  'POST /api/kitchen/meal-plans/:id/status': {
    ownerRoles: ['cloud_kitchen'],
    create: mealPlanOf,
    probe: (id: string) => ({ path: `/api/kitchen/meal-plans/${id}/status`, init: { method: 'POST', json: { status: 'paused' } } }),
    expect: only(['cloud_kitchen'], 404),
    own: { cloud_kitchen: 200 },
  },
  'GET /api/meal-plans': { probe: () => ({ path: '/api/meal-plans' }), expect: all(200) },
  'POST /api/meal-plans/:id/subscriptions': {
    ownerRoles: ['customer'],
    // The probe needs a plan and the owner's address: "<plan id> <address id>".
    create: async (context: Context, owner: Account) => `${await mealPlanOf(context, owner)} ${await subscriberAddress(context, owner)}`,
    probe: (ids: string) => {
      const [planId, addressId] = ids.split(' ');
      return { path: `/api/meal-plans/${planId}/subscriptions`, init: { method: 'POST', json: { addressId } } };
    },
    expect: only(['customer'], 404),
    own: { customer: 201 },
  },
  'GET /api/meal-plan-subscriptions': { probe: () => ({ path: '/api/meal-plan-subscriptions' }), expect: only(['customer'], 200) },
  'POST /api/meal-plan-subscriptions/:id/pause': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => subscriptionOf(context, owner),
    probe: (id: string) => ({ path: `/api/meal-plan-subscriptions/${id}/pause`, init: { method: 'POST' } }),
    expect: only(['customer'], 404),
    own: { customer: 200 },
  },
  'POST /api/meal-plan-subscriptions/:id/resume': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => subscriptionOf(context, owner, true),
    probe: (id: string) => ({ path: `/api/meal-plan-subscriptions/${id}/resume`, init: { method: 'POST' } }),
    expect: only(['customer'], 404),
    own: { customer: 200 },
  },
  'POST /api/meal-plan-subscriptions/:id/cancel': {
    ownerRoles: ['customer'],
    create: (context: Context, owner: Account) => subscriptionOf(context, owner),
    probe: (id: string) => ({ path: `/api/meal-plan-subscriptions/${id}/cancel`, init: { method: 'POST' } }),
    expect: only(['customer'], 404),
    own: { customer: 200 },
  },
  // Checkout: customers only. Placing with another customer's address answers like one that does not
  // exist; with one's own, the probe's total of 0 is refused as changed (or the time as unavailable).
  'POST /api/checkout/quote': { probe: () => ({ path: '/api/checkout/quote', init: { method: 'POST', json: {} } }), expect: only(['customer'], 200) },
  'POST /api/orders': {
    ownerRoles: ['customer'],
    create: async (context: Context, owner: Account) => {
      await cartLineOf(context, owner);
      return addressOf(context, owner);
    },
    probe: (id: string) => ({
      path: '/api/orders',
      init: {
        method: 'POST',
        headers: { 'Idempotency-Key': `matrix-${crypto.randomUUID()}` },
        json: { addressId: id, delivery: { kind: 'asap' }, tip: 0, paymentMethod: 'cash_on_delivery', expectedTotal: 0 },
      },
    }),
    expect: { ...only(['customer'], 404) },
    own: { customer: 409 },
  },
  // Drivers: their own shift switch; an offer only of a warehouse they deliver from (a driver of
  // another warehouse is told it does not exist). Last, as it makes the asking driver one of Austin's.
  'GET /api/driver/availability': { probe: () => ({ path: '/api/driver/availability' }), expect: only(['driver'], 200) },
  'PUT /api/driver/availability': {
    probe: () => ({ path: '/api/driver/availability', init: { method: 'PUT', json: { available: true } } }),
    expect: only(['driver'], 200),
  },
  // Every driver reads only their own completed deliveries; the server test shows another's never appear.
  'GET /api/driver/completed-deliveries': { probe: () => ({ path: '/api/driver/completed-deliveries' }), expect: only(['driver'], 200) },
  'POST /api/orders/:id/accept': {
    ownerRoles: ['driver'],
    create: async (context: Context, owner: Account) => {
      const { db } = context.t.database;
      if (owner.role === 'driver') {
        await assignWarehouseStaff({ db, profileId: owner.profileId, role: 'driver', warehouseIds: [context.fixture.warehouses.austin.id] });
        await setDriverAvailability(db, { profileId: owner.profileId, available: true });
      }
      const offered = await createOrder(db, { customerProfileId: context.people.customer.b.profileId, warehouseId: context.fixture.warehouses.austin.id, status: 'confirmed' });
      return offered.id;
    },
    probe: (id: string) => ({ path: `/api/orders/${id}/accept`, init: { method: 'POST' } }),
    expect: only(['driver'], 404),
    own: { driver: 200 },
  },
};

/** The endpoints of the app's route table: every method and path a request can end at, middleware left out. */
function endpointsOf(app: { routes: { method: string; path: string; handler: (...args: never[]) => unknown }[] }): string[] {
  const endpoints = app.routes
    .filter((route) => route.path.startsWith('/api/'))
    // Middleware takes `next` and passes the request on; a handler answers it (as hono/dev tells them apart).
    .filter((route) => !isMiddleware(findTargetHandler(route.handler)))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(endpoints)].sort();
}

function missingAndStale(endpoints: string[], matrix: Record<string, Row>) {
  return {
    withoutRow: endpoints.filter((endpoint) => !(endpoint in matrix)),
    withoutRoute: Object.keys(matrix).filter((key) => !endpoints.includes(key)),
  };
}

describe.each(databaseKinds)('the access matrix on %s', (kind) => {
  const context = {} as Context;
  let stripe: StripeStandIn | undefined;

  async function person(role: Role): Promise<Account> {
    const email = uniqueEmail(role);
    const { profile } = await createAccount({ db: context.t.database.db, auth: context.t.deps.auth, account: { email, password: testPassword, firstName: 'Matrix', lastName: role, role } });
    const client = context.t.client();
    expect((await signIn(client, email)).status).toBe(200);
    return { email, role, profileId: profile.id, client };
  }

  /** A browser with a copy of the person's session, so a response's cookies never change the person's own. */
  function asPerson(who: Account | undefined): TestClient {
    const client = context.t.client();
    for (const [name, value] of who?.client.cookies ?? []) client.cookies.set(name, value);
    return client;
  }

  async function send(who: Account | undefined, probe: Probe) {
    const response = await asPerson(who).request(probe.path, probe.init);
    if (probe.contentType && response.status === 200) {
      expect(response.headers.get('content-type')).toMatch(probe.contentType);
      // A live stream never ends by itself: leaving it is enough.
      await response.body?.cancel();
    } else {
      await response.arrayBuffer();
    }
    return response.status;
  }

  beforeAll(async () => {
    // Card payments on, so every payment endpoint answers as it does in production.
    stripe = await startStripeStandIn();
    context.t = await createTestApp({ kind, env: stripeTestEnv(stripe) });
    context.fixture = await createCatalogFixture({ database: context.t.database, auth: context.t.deps.auth });
    const people = {} as Context['people'];
    for (const role of roles) people[role] = { a: await person(role), b: await person(role) };
    context.people = people;
    // Each kitchen owner runs a kitchen of their own, as a kitchen owner's dashboard expects.
    for (const owner of [people.cloud_kitchen.a, people.cloud_kitchen.b]) await kitchenOf(context, owner);
    // The asking manager and driver work for a warehouse of their own, so "another's" is another warehouse's.
    for (const role of ['manager', 'driver'] as const) {
      await assignWarehouseStaff({ db: context.t.database.db, profileId: people[role].a.profileId, role, warehouseIds: [context.fixture.warehouses.jersey.id] });
    }
    // Fourteen people and two kitchens: more than the default minute on two busy cores.
  }, 180_000);
  afterAll(async () => {
    await context.t?.close();
    await stripe?.close();
  });

  it('has a row for every endpoint of the route table, and no row for a route that does not exist', () => {
    expect(missingAndStale(endpointsOf(context.t.app), accessMatrix)).toEqual({ withoutRow: [], withoutRoute: [] });
  });

  it('fails for a route added without a row', () => {
    const app = createApp(context.t.deps);
    app.get('/api/unlisted', (c) => c.json({}));
    app.all('/api/also-unlisted', (c) => c.json({}));
    expect(missingAndStale(endpointsOf(app), accessMatrix).withoutRow).toEqual(['ALL /api/also-unlisted', 'GET /api/unlisted']);
  });

  it.each(Object.entries(accessMatrix))('%s', async (_endpoint, row) => {
    const observed: Record<string, number> = {};
    const expected: Record<string, number> = {};
    if ('ownerRoles' in row) {
      for (const who of everyone) {
        const role = who === 'signedOut' ? undefined : who;
        const asker = role && context.people[role].a;
        const otherOwner = role && row.ownerRoles.includes(role) ? context.people[role].b : context.people.customer.b;
        expected[`${who} (another's)`] = row.expect[who];
        observed[`${who} (another's)`] = await send(asker, row.probe(await row.create(context, otherOwner)));
        if (role && asker && row.ownerRoles.includes(role)) {
          expected[`${who} (own)`] = row.own[role]!;
          observed[`${who} (own)`] = await send(asker, row.probe(await row.create(context, asker)));
        }
      }
    } else {
      for (const who of everyone) {
        const asker = who === 'signedOut' ? undefined : row.freshAccount ? await person(who) : context.people[who].a;
        expected[who] = row.expect[who];
        observed[who] = await send(asker, row.probe(context));
      }
    }
    expect(observed).toEqual(expected);
  });
});
