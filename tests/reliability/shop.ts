import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { demoCustomerAddress } from '../../src/server/db/seed/demo';
import { createAccount } from '../../src/server/db/seed/factories';
import { parseEnv } from '../../src/server/env';
import { createAuth } from '../../src/server/lib/auth';
import { createMailer } from '../../src/server/providers/mail';
import { cheapPasswordHasher } from '../../src/server/test/test-app';

/**
 * The shop as its users reach it: over HTTP, signed in with a session cookie or a bearer token. What the reliability tests
 * do to the running server goes through here, and what they check afterwards reads the database.
 */
export const demoPassword = 'demo-password';

export type Customer = Session & { addressId: string };

/** Someone at the shop's address: signed in through a session cookie, or a bearer token as the native app sends it. */
export interface Session {
  base: string;
  credentials: { cookie: string } | { authorization: string } | Record<string, never>;
}

export async function call(session: Session, pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(session.base + pathname, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', origin: session.base, ...session.credentials, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const guest = (base: string): Session => ({ base, credentials: {} });

/** An answer other than success, with what the server said. */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      // Not our error shape: the status says enough.
    }
    throw new RefusedError(response.status, code, `${what}: ${response.status} ${text}`);
  }
  return JSON.parse(text) as T;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

export async function signIn(base: string, email: string, password = demoPassword): Promise<Session> {
  const response = await call(guest(base), '/api/auth/sign-in/email', { body: { email, password } });
  await expectJson(response, `signing in ${email}`);
  return { base, credentials: { cookie: cookieOf(response) } };
}

/** New customers, each with the demo delivery address in Georgetown; made a few at a time, as hashing passwords is the slow part. */
export async function newCustomers(base: string, count: number, tag: string): Promise<Customer[]> {
  return inTurns(
    Array.from({ length: count }, (_, index) => index),
    8,
    async (index) => {
      const response = await call(guest(base), '/api/auth/sign-up/email', {
        body: { email: `${tag}-${index}@reliability.test`, password: 'reliability-password-1', firstName: 'Load', lastName: `Customer ${index}` },
      });
      await expectJson(response, 'signing up');
      return withAddress({ base, credentials: { cookie: cookieOf(response) } });
    },
  );
}

async function withAddress(session: Session): Promise<Customer> {
  const { label, streetAddress, city, state, zipCode } = demoCustomerAddress;
  const address = await expectJson<{ id: string }>(await call(session, '/api/addresses', { body: { label, streetAddress, city, state, zipCode, isDefault: true } }), 'adding an address');
  return { ...session, addressId: address.id };
}

/**
 * Many customers at once on a PostgreSQL server the test can reach: accounts written with a cheap
 * password hash and sessions opened directly, used as bearer tokens. Signing up hundreds through the
 * API would spend minutes in scrypt, which is slow on purpose and not what these tests measure.
 */
export async function manyCustomers(base: string, databaseUrl: string, count: number, tag: string): Promise<Customer[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 4 });
  const env = parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'reliability-fixture-secret-0123456789-abcdef', PUBLIC_URL: base });
  const auth = createAuth({ db: database.db, env, mailer: createMailer({ from: 'shop@reliability.test', logger: pino({ level: 'silent' }) }), secret: env.AUTH_SECRET!, logger: pino({ level: 'silent' }), passwordHasher: cheapPasswordHasher });
  try {
    const context = await auth.$context;
    const sessions: Session[] = [];
    for (let index = 0; index < count; index += 1) {
      const { userId } = await createAccount({ db: database.db, auth, account: { email: `${tag}-${index}@reliability.test`, password: 'reliability-password-1', firstName: 'Load', lastName: `Customer ${index}` } });
      const session = await context.internalAdapter.createSession(userId);
      sessions.push({ base, credentials: { authorization: `Bearer ${session.token}` } });
    }
    return await inTurns(sessions, 8, withAddress);
  } finally {
    await database.close();
  }
}

/** Maps `items` with at most `width` calls running at once. */
async function inTurns<T, R>(items: T[], width: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await map(items[index]!);
      }
    }),
  );
  return results;
}

interface AdminWarehouse {
  id: string;
  name: string;
  staff: { profileId: string; role: string }[];
  [field: string]: unknown;
}

/**
 * A product of its own at the Georgetown warehouse with `stock` units, and a window capacity large
 * enough that only stock decides who gets one.
 */
export async function stockedProduct(admin: Session, stock: number, sku: string) {
  const { warehouses } = await expectJson<{ warehouses: AdminWarehouse[] }>(await call(admin, '/api/admin/warehouses?q=Georgetown'), 'listing warehouses');
  const warehouse = warehouses.find((candidate) => candidate.name === 'Georgetown')!;
  const { id, staff, ...settings } = warehouse;
  await expectJson(
    await call(admin, `/api/admin/warehouses/${id}`, {
      method: 'PUT',
      body: { ...settings, windowCapacity: 10_000, staff: staff.map(({ profileId, role }) => ({ profileId, role })) },
    }),
    'raising the window capacity',
  );
  const categories = await expectJson<{ id: string }[]>(await call(admin, '/api/categories'), 'listing categories');
  const product = await expectJson<{ id: string }>(
    await call(admin, '/api/admin/catalog/products', { body: { name: `Reliability ${sku}`, sku, categoryId: categories[0]!.id } }),
    'creating the product',
  );
  await expectJson(
    await call(admin, `/api/admin/catalog/products/${product.id}/shelves/${id}`, { method: 'PUT', body: { price: 500, stockQuantity: stock, active: true } }),
    'stocking the product',
  );
  return { productId: product.id, warehouseId: id };
}

export async function addToCart(customer: Session, productId: string, warehouseId: string, quantity = 1) {
  await expectJson(await call(customer, '/api/cart/items', { body: { itemType: 'product', productId, warehouseId, quantity } }), 'adding to the cart');
}

/**
 * The server's total for the customer's cart delivered in the last open window (one of tomorrow's,
 * open whatever the hour). The first quote lists the windows; the cart is quoted again for that
 * window, since the default, as soon as possible, is refused while the warehouse is closed.
 */
export async function quote(customer: Customer) {
  type Quote = { totals: { totalAmount: number }; delivery: { windows: { start: string; available: boolean }[] }; problems: unknown[] };
  const quoteFor = async (delivery?: { kind: 'window'; start: string }) =>
    expectJson<Quote>(await call(customer, '/api/checkout/quote', { body: { addressId: customer.addressId, delivery } }), 'quoting');
  const window = (await quoteFor()).delivery.windows.filter((offered) => offered.available).at(-1)!.start;
  const answer = await quoteFor({ kind: 'window', start: window });
  if (answer.problems.length > 0) throw new Error(`the quote has problems: ${JSON.stringify(answer.problems)}`);
  return { total: answer.totals.totalAmount, window };
}

export interface Placement {
  status: number;
  orderId?: string;
  code?: string;
}

export async function placeOrder(customer: Session & { addressId: string }, order: { total: number; window: string }, idempotencyKey: string): Promise<Placement> {
  const response = await call(customer, '/api/orders', {
    headers: { 'idempotency-key': idempotencyKey },
    body: { addressId: customer.addressId, delivery: { kind: 'window', start: order.window }, tip: 0, paymentMethod: 'cash_on_delivery', expectedTotal: order.total },
  });
  const body = (await response.json().catch(() => ({}))) as { orderId?: string; error?: { code?: string } };
  return { status: response.status, orderId: body.orderId, code: body.error?.code };
}

/** Reads the database the server wrote, whichever kind it is, while no server holds an embedded one. */
export type Probe = <Row>(query: string) => Promise<Row[]>;

export async function withProbe<T>(target: { url: string } | { dataDir: string }, run: (probe: Probe) => Promise<T>): Promise<T> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await run(async <Row>(query: string) => (await client.query(query)).rows as Row[]);
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
  try {
    return await run(<Row>(query: string) => queryRows<Row & Record<string, unknown>>(database.db, sql.raw(query)));
  } finally {
    await database.close();
  }
}

/**
 * What must hold whatever happened to the server: every order is whole (lines, first event,
 * payment), and the product's shelf holds what it started with less the units of orders not cancelled.
 */
export async function ledger(probe: Probe, productId: string, warehouseId: string) {
  const [counts] = await probe<{ orders: number; units: number; broken: number; stock: number }>(`
    select
      (select count(distinct o.id)::int from orders o join order_items i on i.order_id = o.id where i.product_id = '${productId}' and o.status <> 'cancelled') as orders,
      (select coalesce(sum(i.quantity), 0)::int from orders o join order_items i on i.order_id = o.id where i.product_id = '${productId}' and o.status <> 'cancelled') as units,
      (select count(*)::int from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)
           or not exists (select 1 from order_events e where e.order_id = o.id)
           or not exists (select 1 from payments p where p.order_id = o.id)) as broken,
      (select stock_quantity from warehouse_products where product_id = '${productId}' and warehouse_id = '${warehouseId}') as stock`);
  return counts!;
}
