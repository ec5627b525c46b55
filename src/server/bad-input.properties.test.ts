import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '@/shared/roles';
import { assignWarehouseStaff, createAccount } from './db/seed/factories';
import { createKitchenWithMenu } from './db/seed/kitchens';
import { setDriverAvailability } from './modules/locations/driver-availability';
import { createCatalogFixture, type CatalogFixture } from './test/catalog-fixture';
import { createOrder } from './test/order-fixture';
import { createRequestGenerator, type GeneratedRequest, type OpenApiDocument, type OperationObject } from './test/openapi-arbitraries';
import { startStripeStandIn, stripeTestEnv, type StripeStandIn } from './test/stripe-stand-in';
import { tableDigests, tableNames } from './test/table-digest';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp, type TestClient } from './test/test-app';
import { databaseKinds } from './test/test-database';

/**
 * Random and malformed requests to every endpoint of the OpenAPI document, as each kind of person the
 * endpoint lets in: the server never fails (no 5xx), every refusal is the one error shape, and a refused
 * request leaves every table as it was.
 *
 * Runs are reproducible: FAST_CHECK_SEED picks the seed (fast-check prints the seed and path of a failing
 * case, to rerun just that), FAST_CHECK_RUNS the number of requests per endpoint and FAST_CHECK_ENDPOINT
 * narrows the run to the endpoints whose "METHOD /path" contains it. The default keeps a run
 * under a minute per database on two cores.
 */
const seed = Number(process.env.FAST_CHECK_SEED ?? 14_2026);
const numRuns = Number(process.env.FAST_CHECK_RUNS ?? 10);
/** Only the endpoints whose "METHOD /path" contains this text, to rerun a failing case quickly. */
const onlyEndpoints = process.env.FAST_CHECK_ENDPOINT ?? '';

type Who = 'signedOut' | Role;

/**
 * Tables a refusal may write to by design: the sign-in rate limiter counts refused attempts, which is
 * what it is for.
 */
const writtenByRefusals = new Set(['rate_limit']);

interface Endpoint {
  key: string;
  path: string;
  method: string;
  operation: OperationObject;
}

/** better-auth's endpoints answer alike for every role: they are asked signed out and as a customer of their own. */
const isAccountEndpoint = (path: string) => path.startsWith('/api/auth/');

function expectErrorShape(status: number, contentType: string | null, text: string, request: string) {
  expect(contentType ?? '', `${status} of ${request} is JSON`).toMatch(/^application\/json/);
  const body = JSON.parse(text) as unknown;
  expect(body, `${status} of ${request} is the one error shape`).toEqual({
    error: {
      code: expect.stringMatching(/^[A-Z_]+$/),
      message: expect.stringMatching(/\S/),
      ...(typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error !== null && 'fields' in body.error
        ? { fields: expect.any(Object) }
        : {}),
    },
  });
}

/** The answer's text; a live stream is read briefly and left, as it never ends by itself. */
async function readAnswer(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return response.text();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 100;
  while (Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
    if (next === null || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe.each(databaseKinds)('random and malformed requests on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn | undefined;
  let fixture: CatalogFixture;
  let tables: string[];
  const people = {} as Record<Role, { email: string; profileId: string; client: TestClient }>;
  const endpoints: Endpoint[] = [];
  const reachers = new Map<string, Who[]>();
  let requestsFor: ReturnType<typeof createRequestGenerator>;
  let accountEndpointsEmail: string;
  /** The digest after the last request, when it was refused and so changed nothing: the next one's "before". */
  let unchanged: Record<string, string> | undefined;

  async function person(role: Role) {
    const email = uniqueEmail(`fuzz-${role}`);
    const { profile } = await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Fuzz', lastName: role, role } });
    const client = t.client();
    expect((await signIn(client, email)).status).toBe(200);
    return { email, profileId: profile.id, client };
  }

  /**
   * A browser of its own (its own address, so rate limits stay per request) with the person's session;
   * at an account endpoint, a new session of an account kept for them, as such a request may end it.
   */
  async function browserOf(who: Who, path: string): Promise<TestClient> {
    const client = t.client();
    if (who === 'signedOut') return client;
    if (isAccountEndpoint(path)) {
      unchanged = undefined;
      expect((await signIn(client, accountEndpointsEmail)).status).toBe(200);
      return client;
    }
    for (const [name, value] of people[who].client.cookies) client.cookies.set(name, value);
    return client;
  }

  function send(client: TestClient, request: GeneratedRequest) {
    return client.request(request.path, { method: request.method, headers: request.headers, body: request.body });
  }

  beforeAll(async () => {
    // Card payments on, so every payment path answers as it does in production.
    stripe = await startStripeStandIn();
    t = await createTestApp({ kind, env: stripeTestEnv(stripe) });
    fixture = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    const db = t.database.db;
    const austin = fixture.warehouses.austin.id;
    for (const role of roles) people[role] = await person(role);
    accountEndpointsEmail = (await person('customer')).email;

    // Each staff member has something of their own, so requests get past "you have none" to the code behind it.
    await assignWarehouseStaff({ db, profileId: people.manager.profileId, role: 'manager', warehouseIds: [austin] });
    const driverId = people.driver.profileId;
    await assignWarehouseStaff({ db, profileId: driverId, role: 'driver', warehouseIds: [austin] });
    await setDriverAvailability(db, { profileId: driverId, available: true });
    await createKitchenWithMenu({
      db,
      profileId: people.cloud_kitchen.profileId,
      kitchen: {
        businessName: 'Fuzz Kitchen',
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
        owner: { email: people.cloud_kitchen.email, firstName: 'Fuzz', lastName: 'Owner' },
        dishes: [{ name: 'Soup', description: '', priceCents: 900, category: 'Mains' }],
        mealPlans: [],
      },
    });
    // The customer has an address, a cart and orders in the states the order endpoints act on.
    const customer = people.customer.client;
    expect((await customer.request('/api/addresses', { method: 'POST', json: { label: 'Home', streetAddress: '1 Test Way', city: 'Austin', state: 'TX', zipCode: '78701' } })).status).toBe(201);
    await customer.request('/api/cart', { method: 'POST' });
    await customer.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: fixture.products.bananas.id, warehouseId: austin, quantity: 2 } });
    const customerId = people.customer.profileId;
    for (const status of ['placed', 'confirmed', 'out_for_delivery', 'delivered'] as const) {
      await createOrder(db, {
        customerProfileId: customerId,
        warehouseId: austin,
        lines: [{ itemType: 'product', productId: fixture.products.bananas.id, name: 'Bananas', quantity: 2, unitPrice: 49 }],
        status,
        driverProfileId: driverId,
      });
    }

    // Ids that exist, people's left out: a request about a person could end a session the run relies on.
    const { rows: idTables } = (await db.execute(
      sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' and table_name not in ('profiles', 'user', 'session', 'account')`,
    )) as unknown as { rows: { name: string }[] };
    const knownIds: string[] = [];
    for (const { name } of idTables) {
      const { rows } = (await db.execute(sql.raw(`select id::text as id from "${name}" limit 3`))) as unknown as { rows: { id: string }[] };
      knownIds.push(...rows.map((row) => row.id));
    }

    const document = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    requestsFor = createRequestGenerator({ document, knownIds });
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) endpoints.push({ key: `${method.toUpperCase()} ${path}`, path, method, operation });
    }
    tables = (await tableNames(db)).filter((name) => !writtenByRefusals.has(name));

    // Who the endpoint lets in: everyone not refused as signed out or as the wrong role.
    for (const endpoint of endpoints) {
      if (isAccountEndpoint(endpoint.path)) {
        reachers.set(endpoint.key, ['signedOut', 'customer']);
        continue;
      }
      const path = endpoint.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const who: Who[] = [];
      for (const asker of ['signedOut', ...roles] as const) {
        const response = await (await browserOf(asker, path)).request(path, { method: endpoint.method.toUpperCase() });
        await readAnswer(response);
        if (response.status !== 401 && response.status !== 403) who.push(asker);
      }
      reachers.set(endpoint.key, who);
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('finds the endpoints in the OpenAPI document', () => {
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it('never fails, refuses in the one error shape and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints.filter((candidate) => candidate.key.includes(onlyEndpoints))) {
      const who = reachers.get(endpoint.key)!;
      // An endpoint that lets nobody in answers everyone alike; the access matrix covers it.
      if (who.length === 0) continue;
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...who), requestsFor(endpoint.path, endpoint.method, endpoint.operation), async (asker, request) => {
            const label = `${endpoint.key} as ${asker}: ${request.method} ${request.path.slice(0, 200)} with ${request.bodyKind}`;
            const client = await browserOf(asker, endpoint.path);
            const before = unchanged ?? (await tableDigests(t.database.db, tables));
            unchanged = undefined;
            const response = await send(client, request);
            const text = await readAnswer(response);
            expect(response.status, `${label} answered ${text.slice(0, 300)}`).toBeLessThan(500);
            if (response.status < 400) return;
            expectErrorShape(response.status, response.headers.get('content-type'), text, label);
            const after = await tableDigests(t.database.db, tables);
            unchanged = after;
            const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
            expect(changed, `${label} was refused with ${response.status} but changed tables`).toEqual([]);
          }),
          { seed, numRuns, includeErrorInReport: true },
        );
      } catch (error) {
        // Huge generated strings would bury the report; their start is enough to recognise them.
        failures.push(`${endpoint.key}: ${(error as Error).message.replace(/(.)\1{100,}/g, (run, unit: string) => `${unit.repeat(20)}…(${run.length}×)`)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
