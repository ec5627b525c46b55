import type { z } from 'zod';
import { cartKind, MAX_LINE_QUANTITY, mixingRefusal, quantityLimit, quantityRefusal, sameItem as sameRef } from '@/shared/cart-rules';
import { passwordResetInput, passwordResetRequest, profile as profileSchema, profileUpdate, signInInput, signUpInput, type Profile } from '@/shared/contracts/auth';
import {
  cart as cartSchema,
  cartItemInput,
  guestItemsInput,
  updateQuantityInput,
  type Cart,
  type CartItemInput,
  type CartItemType,
  type CartLine,
  type CartNotice,
  type GuestItemsInput,
} from '@/shared/contracts/cart';
import { deals as dealsSchema, productDetail, productList, productListQuery, warehouseQuery, type ProductCard, type ProductDetail } from '@/shared/contracts/catalog';
import { kitchenMenu, nearbyKitchens as nearbyKitchensSchema, nearbyKitchensInput } from '@/shared/contracts/kitchens';
import { address as addressSchema, addressInput, coordinatesInput, isSameAddress, serviceArea, zipCodeInput, type Address, type Coordinates } from '@/shared/contracts/locations';
import { addressCopy, cartRefusals, copy, kitchenCopy, stockRefusal } from '@/shared/copy';
import { id } from '@/shared/contracts/common';
import { DELIVERY_RANGE_MILES, EARTH_RADIUS_MILES } from '@/shared/locations';
import { discounted, percentToBasisPoints, summarize } from '@/shared/money';
import type { Role } from '@/shared/roles';
import { installCatalogImportFakes } from './fake-catalog-import';
import { installAdminFakes } from './fake-admin';
import { installCheckoutFakes } from './fake-checkout';
import { installOrderFakes } from './fake-orders';
import { installCatalogAdminFakes } from './fake-catalog-admin';
import { installManagerFakes } from './fake-manager';
import { installStaffFakes } from './fake-staff';
import { installMealPlanFakes } from './fake-meal-plans';
import { installKitchenOperatorFakes } from './fake-kitchen-operator';
import { installDriverFakes } from './fake-driver';
import { installSupportFakes } from './fake-support';
import { installSupportConversationFakes } from './fake-support-conversations';
import { installInfoPageFakes } from './fake-info-pages';
import { installSupportChatFakes } from './fake-support-chat';
import { installNotificationFakes } from './fake-notifications';
import { aUser, fakeData, testId, type FakeData, type FakeUser, type FakeWarehouse } from './fake-data';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A method and a path pattern, e.g. 'GET /api/products/:id'. */
export type FakeRoute = `${Method} /api/${string}`;

export interface FakeRequest {
  method: Method;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/**
 * What a handler answers to leave a request to the next route defined for it: one endpoint serves
 * several roles (a status change by a kitchen, a manager or a driver), each faked by its own area.
 */
export const passOn = Symbol('passOn');

/** A handler answers a Response, or any other value as a 200 JSON body. */
export type FakeHandler = (request: FakeRequest) => unknown;

/** The error shape of the real API: `{ error: { code, message, fields? } }`. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A refusal thrown inside the fake, answered as the real API's error body. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get response(): Response {
    return apiError(this.status, this.code, this.message, this.fields);
  }
}

/** The server's refusal of an item it cannot take now, naming the item when it exists. */
class Unavailable extends Refusal {
  constructor(readonly itemName?: string) {
    super(404, 'NOT_FOUND', cartRefusals.unavailable);
  }
}

export const unauthorized = () => new Refusal(401, 'UNAUTHORIZED', 'Please sign in to continue.');

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new Refusal(400, 'VALIDATION_FAILED', result.error.issues[0]?.message ?? 'Invalid input', fields);
}

function distanceMiles(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

interface StoredLine {
  id: string;
  input: CartItemInput;
}

function refOf(input: CartItemInput): string {
  switch (input.itemType) {
    case 'product':
      return input.productId;
    case 'bundle':
      return input.bundleId;
    case 'bogo':
      return input.bogoOfferId;
    case 'cloud_kitchen':
      return input.cloudKitchenProductId;
  }
}

const warehouseOf = (input: CartItemInput) => ('warehouseId' in input ? input.warehouseId : null);
/** The same item from the same warehouse: its line grows instead of a second one appearing. */
const sameItem = (a: CartItemInput, b: CartItemInput) => a.itemType === b.itemType && refOf(a) === refOf(b) && warehouseOf(a) === warehouseOf(b);

/**
 * An in-memory stand-in for the FreshCart API, for web tests: the endpoints the app calls, answering
 * from a small data set (`data`, built from the shared contract types) with the contracts' validation
 * and error shape. Install its `fetch` as the global fetch (renderApp does) and drive the app as a
 * user would; `on()` replaces one endpoint for a test and `requests` records what the app asked.
 */
export class FakeApi {
  readonly data: FakeData;
  readonly requests: FakeRequest[] = [];
  private sessionUserId: string | null = null;
  /** Password reset links "mailed" so far: the token each one carries, by email. */
  readonly resetLinks = new Map<string, string>();
  private readonly carts = new Map<string, StoredLine[]>();
  private readonly overrides: { method: Method; pattern: string; handler: FakeHandler; times: number }[] = [];
  private readonly routes: { method: Method; pattern: string; handler: FakeHandler }[] = [];
  private nextId = 1;

  constructor(data: FakeData = fakeData()) {
    this.data = data;
    this.defineRoutes();
    // The orders fake first: its GET /api/orders/:id (owner-checked, with actions) answers before checkout's.
    const orders = installOrderFakes(this);
    installCheckoutFakes(this);
    installStaffFakes(this, orders.customerOf);
    installCatalogImportFakes(this);
    installMealPlanFakes(this);
    installKitchenOperatorFakes(this);
    installDriverFakes(this);
    installCatalogAdminFakes(this);
    installAdminFakes(this);
    installManagerFakes(this, orders.customerOf);
    installSupportFakes(this, orders.customerOf);
    installSupportConversationFakes(this);
    installInfoPageFakes(this);
    installSupportChatFakes(this, orders.customerOf);
    installNotificationFakes(this);
  }

  /** The `fetch` the API client should use. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase() as Method;
    // A multipart upload is handed to the handler as the form it was sent as.
    const form = init?.body instanceof FormData ? init.body : undefined;
    const text = form || method === 'GET' ? '' : await request.text();
    let body: unknown = form;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return apiError(400, 'MALFORMED_REQUEST', 'The request body must be valid JSON.');
      }
    }
    const recorded: FakeRequest = { method, path: url.pathname, params: {}, query: url.searchParams, body, headers: request.headers };
    this.requests.push(recorded);

    const override = this.overrides.find((candidate) => candidate.method === method && match(candidate.pattern, url.pathname));
    if (!override) return this.respond(recorded);
    override.times -= 1;
    if (override.times <= 0) this.overrides.splice(this.overrides.indexOf(override), 1);
    recorded.params = match(override.pattern, url.pathname) ?? {};
    const answer = await this.run(override.handler, recorded);
    return answer === passOn ? this.respond(recorded) : answer;
  };

  /** The fake's own answer to a request, whatever `on()` replaced: for an override that delays or inspects. */
  async respond(request: FakeRequest): Promise<Response> {
    for (const route of this.routes) {
      if (route.method !== request.method || !match(route.pattern, request.path)) continue;
      const answer = await this.run(route.handler, { ...request, params: match(route.pattern, request.path) ?? {} });
      if (answer !== passOn) return answer;
    }
    return apiError(404, 'NOT_FOUND', 'No such endpoint.');
  }

  private async run(handler: FakeHandler, request: FakeRequest): Promise<Response | typeof passOn> {
    try {
      const answer = await handler(request);
      if (answer === passOn) return passOn;
      return answer instanceof Response ? answer : json(answer ?? null);
    } catch (error) {
      if (error instanceof Refusal) return error.response;
      throw error;
    }
  }

  /**
   * Answers `route` with `handler` instead of the fake's own behaviour, `times` times (for ever by
   * default); the latest override of a route wins.
   */
  on(route: FakeRoute, handler: FakeHandler, { times = Infinity }: { times?: number } = {}): this {
    const [method, pattern] = route.split(' ') as [Method, string];
    this.overrides.unshift({ method, pattern, handler, times });
    return this;
  }

  /**
   * Holds the next answer to `route` until `release()`, as a slow network does; `answered()` is the body
   * it carries, worked out when the request arrived.
   */
  holdNext(route: FakeRoute): { release(): void; answered(): unknown } {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let body: unknown;
    this.on(
      route,
      async (request) => {
        const answer = await this.respond(request);
        body = await answer.clone().json();
        await held;
        return answer;
      },
      { times: 1 },
    );
    return { release, answered: () => body };
  }

  /** What the app sent to `route` (a method and a path pattern), oldest first. */
  requestsTo(route: FakeRoute): FakeRequest[] {
    const [method, pattern] = route.split(' ') as [Method, string];
    return this.requests.filter((request) => request.method === method && match(pattern, request.path));
  }

  /** Signs a user in, as a session cookie would: a role gets that role's demo user. */
  signIn(user: Role | FakeUser): FakeUser {
    const signedIn = typeof user === 'string' ? aUser(user) : user;
    if (!this.data.users.some((candidate) => candidate.id === signedIn.id)) this.data.users.push(signedIn);
    this.sessionUserId = signedIn.id;
    return signedIn;
  }

  signOut(): void {
    this.sessionUserId = null;
  }

  get viewer(): FakeUser | null {
    return this.data.users.find((user) => user.id === this.sessionUserId) ?? null;
  }

  /** A customer's server cart as the API would answer it. */
  cartOf(user: FakeUser): Cart {
    return this.toCart(user.id, this.priceLines(this.cartLines(user.id)));
  }

  /** Puts items in a customer's server cart, as earlier visits would have. */
  fillCart(user: FakeUser, items: CartItemInput[]): void {
    for (const item of items) this.addToCart(user.id, item);
  }

  /** Empties a customer's server cart, as placing an order does. */
  emptyCart(user: FakeUser): void {
    this.carts.delete(user.id);
  }

  viewerOrRefuse(): FakeUser {
    const viewer = this.viewer;
    if (!viewer) throw unauthorized();
    return viewer;
  }

  customerOrRefuse(): FakeUser {
    const viewer = this.viewerOrRefuse();
    if (viewer.profile.role !== 'customer') throw new Refusal(403, 'FORBIDDEN', 'This request is not allowed.');
    return viewer;
  }

  private warehouseFor(id: string | null | undefined): FakeWarehouse {
    const warehouse = id ? this.data.warehouses.find((candidate) => candidate.id === id) : this.data.warehouses.find((candidate) => candidate.isDefault);
    if (!warehouse) throw new Refusal(404, 'NOT_FOUND', 'No such warehouse.');
    return warehouse;
  }

  /** Adds one of the fake's own routes; feature fakes (fake-checkout.ts, fake-orders.ts) add theirs here. */
  define(route: FakeRoute, handler: FakeHandler) {
    const [method, pattern] = route.split(' ') as [Method, string];
    this.routes.push({ method, pattern, handler });
  }

  private defineRoutes() {
    // Accounts (better-auth's endpoints and ours).
    this.define('GET /api/auth/get-session', () => {
      const viewer = this.viewer;
      return viewer ? { session: { id: 'fake-session', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, user: { id: viewer.id, email: viewer.email, name: viewer.name, emailVerified: viewer.emailVerified } } : null;
    });
    this.define('POST /api/auth/sign-in/email', ({ body }) => {
      const input = parse(signInInput, body);
      const user = this.data.users.find((candidate) => candidate.email === input.email.toLowerCase() && candidate.password === input.password);
      if (!user) return apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
      this.sessionUserId = user.id;
      return { redirect: false, token: 'fake-token', user: { id: user.id, email: user.email, name: user.name } };
    });
    this.define('POST /api/auth/sign-up/email', ({ body }) => {
      const input = parse(signUpInput, body);
      if (this.data.users.some((user) => user.email === input.email.toLowerCase())) return apiError(422, 'USER_ALREADY_EXISTS', 'User already exists. Use another email.');
      const index = 1000 + this.data.users.length;
      const user = aUser('customer', { id: testId(9, index), userId: testId(10, index), email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName });
      this.data.users.push({ ...user, password: input.password });
      this.sessionUserId = user.id;
      return { token: 'fake-token', user: { id: user.id, email: user.email, name: user.name } };
    });
    this.define('POST /api/auth/request-password-reset', ({ body }) => {
      const { email } = parse(passwordResetRequest, body);
      if (this.data.users.some((user) => user.email === email.toLowerCase())) this.resetLinks.set(email.toLowerCase(), `reset-token-${this.nextId++}`);
      return { status: true, message: 'If this email exists in our system, check your email for the reset link' };
    });
    this.define('POST /api/auth/reset-password', ({ body }) => {
      const input = parse(passwordResetInput, body);
      const email = [...this.resetLinks].find(([, token]) => token === input.token)?.[0];
      const user = this.data.users.find((candidate) => candidate.email === email);
      if (!email || !user) return apiError(400, 'INVALID_TOKEN', 'Invalid token');
      this.resetLinks.delete(email);
      user.password = input.newPassword;
      this.sessionUserId = null;
      return { status: true };
    });
    this.define('POST /api/auth/sign-out', () => {
      this.sessionUserId = null;
      return { success: true };
    });
    this.define('GET /api/config', () => ({ googleSignIn: this.data.googleSignIn, mapStyleUrl: this.data.mapStyleUrl ?? null }));
    this.define('GET /api/profile', () => profileSchema.parse(this.viewerOrRefuse().profile));
    this.define('PATCH /api/profile', ({ body }) => {
      const viewer = this.viewerOrRefuse();
      const changes = parse(profileUpdate, body);
      viewer.profile = { ...viewer.profile, ...changes } as Profile;
      return viewer.profile;
    });

    // Catalog.
    this.define('GET /api/categories', () => this.data.categories);
    this.define('GET /api/products', ({ query }) => this.listProducts(query));
    this.define('GET /api/products/:id', ({ params, query }) => {
      const { warehouseId } = parse(warehouseQuery, Object.fromEntries(query));
      const warehouse = this.warehouseFor(warehouseId);
      const product = this.data.products.find((candidate) => candidate.id === params.id && candidate.warehouseId === warehouse.id);
      if (!product) return apiError(404, 'NOT_FOUND', 'This product is not sold by your warehouse.');
      return productDetail.parse(product);
    });
    this.define('GET /api/deals', ({ query }) => {
      const { warehouseId } = parse(warehouseQuery, Object.fromEntries(query));
      const warehouse = this.warehouseFor(warehouseId);
      const here = <T extends { warehouseId: string }>(items: T[]) => items.filter((item) => item.warehouseId === warehouse.id).map(({ warehouseId: _w, ...item }) => item);
      return dealsSchema.parse({ warehouseId: warehouse.id, bundles: here(this.data.bundles), bogoOffers: here(this.data.bogoOffers) });
    });

    // Locations.
    this.define('GET /api/warehouses', () => this.data.warehouses.filter((warehouse) => warehouse.active).map(({ deliveryFee: _f, active: _a, ...warehouse }) => warehouse));
    this.define('POST /api/select-warehouse-and-fee', ({ body }) => this.serviceAreaAt(parse(coordinatesInput, body)));
    this.define('POST /api/select-warehouse-and-fee/zip', ({ body }) => {
      const point = this.data.zipCodes[parse(zipCodeInput, body).zipCode.slice(0, 5)];
      if (!point) throw new Refusal(400, 'ZIP_CODE_UNKNOWN', copy.location.zipUnknown, { zipCode: copy.location.zipUnknown });
      return this.serviceAreaAt(point);
    });
    // As the server lists them: the default first, then the newest.
    this.define('GET /api/addresses', () =>
      [...this.addressesOf(this.viewerOrRefuse())].reverse().sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
    );
    this.define('POST /api/addresses', ({ body }) => {
      const viewer = this.viewerOrRefuse();
      const input = parse(addressInput, body);
      const list = this.addressesOf(viewer);
      this.refuseDuplicateAddress(list, input);
      const saved = this.geocoded({ id: testId(11, 1000 + this.nextId++), ...input, latitude: null, longitude: null, isDefault: input.isDefault || list.length === 0 });
      this.saveAddresses(viewer, [...list, saved], saved.isDefault ? saved.id : null);
      return json(saved, 201);
    });
    this.define('PUT /api/addresses/:id', ({ params, body }) => {
      const viewer = this.viewerOrRefuse();
      const input = parse(addressInput, body);
      const list = this.addressesOf(viewer);
      const current = list.find((item) => item.id === params.id);
      if (!current) return apiError(404, 'NOT_FOUND', 'Address not found.');
      this.refuseDuplicateAddress(list.filter((item) => item.id !== current.id), input);
      const saved = this.geocoded({ ...current, ...input, isDefault: input.isDefault || current.isDefault });
      this.saveAddresses(viewer, list.map((item) => (item.id === saved.id ? saved : item)), saved.isDefault ? saved.id : null);
      return saved;
    });
    this.define('DELETE /api/addresses/:id', ({ params }) => {
      const viewer = this.viewerOrRefuse();
      const list = this.addressesOf(viewer);
      if (!list.some((item) => item.id === params.id)) return apiError(404, 'NOT_FOUND', 'Address not found.');
      this.saveAddresses(viewer, list.filter((item) => item.id !== params.id), null);
      return json(null, 204);
    });
    this.define('POST /api/addresses/:id/default', ({ params }) => {
      const viewer = this.viewerOrRefuse();
      const list = this.addressesOf(viewer);
      if (!list.some((item) => item.id === params.id)) return apiError(404, 'NOT_FOUND', 'Address not found.');
      this.saveAddresses(viewer, list, params.id!);
      return this.addressesOf(viewer).find((item) => item.id === params.id);
    });

    // Kitchens.
    this.define('POST /api/kitchens/nearby', ({ body }) => {
      const input = parse(nearbyKitchensInput, body);
      const point = { latitude: input.userLatitude, longitude: input.userLongitude };
      const cloudKitchens = this.data.kitchens
        .map((kitchen) => ({ kitchen, miles: distanceMiles(point, kitchen) }))
        .filter(({ miles }) => miles <= DELIVERY_RANGE_MILES)
        .sort((a, b) => a.miles - b.miles)
        .map(({ kitchen, miles }) => {
          const { streetAddress: _s, zipCode: _z, openingHours: _o, ...summary } = kitchen.menu.kitchen;
          return { ...summary, distanceMiles: input.calculateDistance === false ? null : Math.round(miles * 10) / 10 };
        });
      return nearbyKitchensSchema.parse({ success: true, cloudKitchens });
    });
    this.define('GET /api/kitchens/:id', ({ params }) => {
      parse(id, params.id);
      const kitchen = this.data.kitchens.find((candidate) => candidate.menu.kitchen.id === params.id);
      if (!kitchen) return apiError(404, 'NOT_FOUND', kitchenCopy.page.notTakingOrders);
      return kitchenMenu.parse(kitchen.menu);
    });

    // Cart: the customer's server cart, and a guest's browser cart priced by the server.
    this.define('GET /api/cart', () => this.cartOf(this.customerOrRefuse()));
    this.define('POST /api/cart/items', ({ body }) => {
      const customer = this.customerOrRefuse();
      this.addToCart(customer.id, parse(cartItemInput, body));
      return this.cartOf(customer);
    });
    this.define('PATCH /api/cart/items/:id', ({ params, body }) => {
      const customer = this.customerOrRefuse();
      const { quantity } = parse(updateQuantityInput, body);
      const lines = this.cartLines(customer.id);
      const line = lines.find((candidate) => candidate.id === params.id);
      if (!line) return apiError(404, 'NOT_FOUND', 'This item is not in your cart.');
      if (quantityRefusal(quantity)) return apiError(400, quantityLimit.code, quantityLimit.message, { quantity: quantityLimit.message });
      if (quantity > 0) assertInStock(quantity, this.price({ ...line, input: { ...line.input, quantity } }).maxQuantity);
      this.carts.set(customer.id, quantity <= 0 ? lines.filter((candidate) => candidate !== line) : lines.map((candidate) => (candidate === line ? { ...line, input: { ...line.input, quantity } } : candidate)));
      return this.cartOf(customer);
    });
    this.define('DELETE /api/cart/items/:id', ({ params }) => {
      const customer = this.customerOrRefuse();
      this.carts.set(customer.id, this.cartLines(customer.id).filter((line) => line.id !== params.id));
      return this.cartOf(customer);
    });
    this.define('DELETE /api/cart/items', () => {
      const customer = this.customerOrRefuse();
      this.carts.set(customer.id, []);
      return this.cartOf(customer);
    });
    this.define('POST /api/cart/quote', ({ body }) => {
      const { items } = parse(guestItemsInput, body);
      const { lines, skipped } = this.plan([], items, (guestId, index) => guestId ?? `local-${index}`);
      return this.toCart('local', this.priceLines(lines), skipped);
    });
    this.define('POST /api/cart/merge', ({ body }) => {
      const customer = this.customerOrRefuse();
      const { items } = parse(guestItemsInput, body);
      const { lines, skipped } = this.plan(this.cartLines(customer.id), items, () => testId(12, this.nextId++));
      this.carts.set(customer.id, lines);
      return { ...this.cartOf(customer), skipped };
    });
  }

  private listProducts(query: URLSearchParams) {
    const input = parse(productListQuery, Object.fromEntries(query));
    const warehouse = this.warehouseFor(input.warehouseId);
    const words = input.q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
    const matching = this.data.products.filter(
      (product) =>
        product.warehouseId === warehouse.id &&
        (!input.categoryId || product.categoryId === input.categoryId) &&
        (!input.subcategoryId || product.subcategoryId === input.subcategoryId) &&
        words.every((word) => `${product.name} ${product.brand}`.toLowerCase().includes(word)),
    );
    const sorters: Record<string, (a: ProductDetail, b: ProductDetail) => number> = {
      price_asc: (a, b) => a.price - b.price,
      price_desc: (a, b) => b.price - a.price,
      name_asc: (a, b) => a.name.localeCompare(b.name),
      name_desc: (a, b) => b.name.localeCompare(a.name),
    };
    const sorted = sorters[input.sort] ? [...matching].sort(sorters[input.sort]) : matching;
    const start = (input.page - 1) * input.pageSize;
    const items: ProductCard[] = sorted.slice(start, start + input.pageSize).map(toCard);
    return productList.parse({ warehouseId: warehouse.id, items, total: matching.length, page: input.page, pageSize: input.pageSize });
  }


  /** The nearest active warehouse whose radius covers the point, as select-warehouse-and-fee answers. */
  private serviceAreaAt(point: Coordinates) {
    const nearest = this.data.warehouses
      .filter((warehouse) => warehouse.active)
      .map((warehouse) => ({ warehouse, miles: distanceMiles(point, warehouse) }))
      .filter(({ warehouse, miles }) => miles <= warehouse.deliveryRadiusMiles)
      .sort((a, b) => a.miles - b.miles)[0];
    return serviceArea.parse(
      nearest
        ? { inServiceArea: true, warehouse: { id: nearest.warehouse.id, name: nearest.warehouse.name, location: nearest.warehouse.location }, deliveryFee: nearest.warehouse.deliveryFee, distanceMiles: nearest.miles }
        : { inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null },
    );
  }

  private addressesOf(user: FakeUser): Address[] {
    return this.data.addresses[user.id] ?? [];
  }

  private saveAddresses(user: FakeUser, list: Address[], defaultId: string | null) {
    const withDefault = defaultId ? list.map((item) => ({ ...item, isDefault: item.id === defaultId })) : list;
    this.data.addresses[user.id] = withDefault.map((item) => addressSchema.parse(item));
  }

  /** Like the server: an address the customer already has is refused at the street address. */
  private refuseDuplicateAddress(list: Address[], input: Pick<Address, 'streetAddress' | 'unit' | 'city' | 'state' | 'zipCode'>) {
    if (list.some((item) => isSameAddress(item, input))) {
      throw new Refusal(409, 'ADDRESS_EXISTS', addressCopy.alreadySaved, { streetAddress: addressCopy.alreadySaved });
    }
  }

  /** Like the server's geocoding: a ZIP code in another state than the one typed is refused, since one of the two is a typo. */
  private geocoded(address: Address): Address {
    const point = this.data.zipCodes[address.zipCode.slice(0, 5)];
    if (point?.state && point.state.toUpperCase() !== address.state) {
      throw new Refusal(400, 'VALIDATION_FAILED', 'The ZIP code and the state do not match.', {
        zipCode: `ZIP code ${address.zipCode} is in ${point.state.toUpperCase()}, not ${address.state}.`,
      });
    }
    return { ...address, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
  }

  private cartLines(userId: string): StoredLine[] {
    return this.carts.get(userId) ?? [];
  }

  /** Adds like the server: the same item again adds to its line, within the cart's rules and the cap. */
  private addToCart(userId: string, input: CartItemInput) {
    const lines = this.cartLines(userId);
    const existing = lines.find((line) => sameItem(line.input, input));
    const quantity = (existing?.input.quantity ?? 0) + input.quantity;
    if (quantityRefusal(quantity)) {
      throw new Refusal(400, quantityLimit.code, quantityLimit.message, { quantity: quantityLimit.message });
    }
    const others = this.priceLines(lines.filter((line) => line !== existing));
    const priced = this.price({ id: existing?.id ?? 'new', input: { ...input, quantity } });
    assertFits(others, priced);
    assertInStock(quantity, priced.maxQuantity);
    if (existing) this.carts.set(userId, lines.map((line) => (line === existing ? { ...line, input: { ...input, quantity } } : line)));
    else this.carts.set(userId, [...lines, { id: testId(12, this.nextId++), input }]);
  }

  private priceLines(lines: StoredLine[]): CartLine[] {
    return lines.map((line) => this.price(line));
  }

  /**
   * A guest's items applied to a cart by the server's rules (planGuestItems), for a quote (onto an empty
   * cart) and a merge (onto the customer's lines) alike: a guest's lines of one item become one line, an
   * item already in the cart keeps the larger quantity, quantities are limited to the cap and the stock,
   * and what the cart cannot take, or takes fewer of, is reported with the guest line's id and the
   * item's name. Nothing is stored here.
   */
  private plan(lines: StoredLine[], items: GuestItemsInput['items'], newId: (guestId: string | undefined, index: number) => string): { lines: StoredLine[]; skipped: CartNotice[] } {
    const candidates: { guestId?: string; input: CartItemInput; asked: number }[] = [];
    for (const { id, ...input } of items) {
      const same = candidates.find((candidate) => sameRef(candidate.input, input));
      if (same) same.asked += input.quantity;
      else candidates.push({ guestId: id, input, asked: input.quantity });
    }
    const planned = [...lines];
    const skipped: CartNotice[] = [];
    for (const candidate of candidates) {
      const existing = planned.find((line) => sameRef(line.input, candidate.input));
      const held = existing?.input.quantity ?? 0;
      const wanted = Math.min(Math.max(held, candidate.asked), MAX_LINE_QUANTITY);
      if (wanted === held && candidate.asked <= MAX_LINE_QUANTITY) continue;
      const notice = { ...(candidate.guestId ? { id: candidate.guestId } : {}), itemType: candidate.input.itemType };
      let priced: CartLine;
      try {
        priced = this.price({ id: 'planned', input: { ...candidate.input, quantity: wanted } });
      } catch (error) {
        if (!(error instanceof Unavailable)) throw error;
        skipped.push({ ...notice, ...(error.itemName ? { name: error.itemName } : {}), reason: error.message });
        continue;
      }
      const named = { ...notice, name: priced.name };
      try {
        assertFits(this.priceLines(planned.filter((line) => line !== existing)), priced);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        skipped.push({ ...named, reason: error.message });
        continue;
      }
      if (priced.maxQuantity <= 0) {
        skipped.push({ ...named, reason: cartRefusals.outOfStock });
        continue;
      }
      const quantity = Math.min(wanted, priced.maxQuantity);
      if (quantity < candidate.asked) skipped.push({ ...named, quantity, reason: quantity < wanted ? stockRefusal(priced.maxQuantity) : quantityLimit.message });
      const line = { id: existing?.id ?? newId(candidate.guestId, planned.length), input: { ...candidate.input, quantity } };
      if (existing) planned.splice(planned.indexOf(existing), 1, line);
      else planned.push(line);
    }
    return { lines: planned, skipped };
  }

  private price({ id, input }: StoredLine): CartLine {
    // An item that exists but is not sold here (another warehouse, withdrawn) is refused by its name.
    const unavailable = (name?: string) => new Unavailable(name);
    const base = { id, itemType: input.itemType, productId: null, bundleId: null, bogoOfferId: null, cloudKitchenProductId: null, cloudKitchenId: null, quantity: input.quantity };
    switch (input.itemType) {
      case 'product': {
        const product = this.data.products.find((candidate) => candidate.id === input.productId && candidate.warehouseId === input.warehouseId);
        if (!product) throw unavailable(this.data.products.find((candidate) => candidate.id === input.productId)?.name);
        const tier = product.discountTiers.filter((candidate) => candidate.minQuantity <= input.quantity).sort((a, b) => b.percentage - a.percentage)[0];
        return {
          ...base,
          productId: product.id,
          warehouseId: product.warehouseId,
          unitPrice: tier ? discounted(product.price, percentToBasisPoints(tier.percentage)) : product.price,
          originalPrice: product.price,
          name: product.name,
          detail: product.unit,
          image: product.image,
          maxQuantity: Math.min(product.stockQuantity, MAX_LINE_QUANTITY),
        };
      }
      case 'bundle': {
        const bundle = this.data.bundles.find((candidate) => candidate.id === input.bundleId && candidate.warehouseId === input.warehouseId);
        if (!bundle?.available) throw unavailable((bundle ?? this.data.bundles.find((candidate) => candidate.id === input.bundleId))?.name);
        return { ...base, bundleId: bundle.id, warehouseId: bundle.warehouseId, unitPrice: bundle.price, originalPrice: bundle.originalPrice, name: bundle.name, detail: `Bundle of ${bundle.items.length} products`, image: bundle.image, maxQuantity: MAX_LINE_QUANTITY };
      }
      case 'bogo': {
        const offer = this.data.bogoOffers.find((candidate) => candidate.id === input.bogoOfferId && candidate.warehouseId === input.warehouseId);
        const product = offer && this.data.products.find((candidate) => candidate.id === offer.productId && candidate.warehouseId === offer.warehouseId);
        if (!offer?.available || !product) throw unavailable((offer ?? this.data.bogoOffers.find((candidate) => candidate.id === input.bogoOfferId))?.name);
        const unitsPerSet = offer.buyQuantity + offer.getQuantity;
        return {
          ...base,
          bogoOfferId: offer.id,
          productId: product.id,
          warehouseId: offer.warehouseId,
          unitPrice: offer.buyQuantity * product.price,
          originalPrice: unitsPerSet * product.price,
          name: offer.name,
          detail: `${product.name} · buy ${offer.buyQuantity} get ${offer.getQuantity}`,
          image: product.image,
          maxQuantity: Math.min(Math.floor(product.stockQuantity / unitsPerSet), MAX_LINE_QUANTITY),
        };
      }
      case 'cloud_kitchen': {
        for (const kitchen of this.data.kitchens) {
          const dish = kitchen.menu.sections.flatMap((section) => section.dishes).find((candidate) => candidate.id === input.cloudKitchenProductId);
          if (!dish) continue;
          if (!dish.available) throw unavailable(dish.name);
          return {
            ...base,
            cloudKitchenProductId: dish.id,
            cloudKitchenId: kitchen.menu.kitchen.id,
            warehouseId: this.warehouseFor(null).id,
            unitPrice: dish.price,
            originalPrice: dish.price,
            name: dish.name,
            detail: kitchen.menu.kitchen.businessName,
            image: dish.image,
            maxQuantity: MAX_LINE_QUANTITY,
          };
        }
        throw unavailable();
      }
    }
  }

  private toCart(id: string, items: CartLine[], skipped: Cart['skipped'] = []): Cart {
    const first = items[0];
    const deliveryFee = first ? (this.data.warehouses.find((warehouse) => warehouse.id === first.warehouseId)?.deliveryFee ?? 0) : 0;
    return cartSchema.parse({
      id,
      kind: cartKind(items.map((line) => line.itemType)),
      items,
      itemCount: items.reduce((total, line) => total + line.quantity, 0),
      summary: summarize(items, { deliveryFee }),
      skipped,
    });
  }
}

function assertFits(lines: CartLine[], item: CartLine) {
  const refuse = (code: string, message: string) => new Refusal(409, code, message);
  const mixing = mixingRefusal(cartKind(lines.map((line) => line.itemType as CartItemType)), item.itemType);
  if (mixing) throw refuse('CART_KIND_MISMATCH', mixing);
  const first = lines[0];
  if (!first) return;
  if (item.itemType === 'cloud_kitchen' && first.cloudKitchenId !== item.cloudKitchenId) throw refuse('CART_KITCHEN_MISMATCH', cartRefusals.otherKitchen);
  if (item.itemType !== 'cloud_kitchen' && first.warehouseId !== item.warehouseId) throw refuse('CART_WAREHOUSE_MISMATCH', cartRefusals.otherWarehouse);
}

/** A quantity beyond what the line can hold (the stock, below the cap) is refused at the quantity field. */
function assertInStock(quantity: number, maxQuantity: number) {
  if (quantity <= maxQuantity) return;
  const message = stockRefusal(maxQuantity);
  throw new Refusal(409, 'INSUFFICIENT_STOCK', message, { quantity: message });
}

function toCard(product: ProductDetail): ProductCard {
  const { warehouseId: _w, sku: _s, description: _d, images: _i, category: _c, subcategory: _sc, discountTiers: _t, related: _r, ...card } = product;
  return card;
}

/** The params of `path` under `pattern` ('/api/products/:id'), or null when it does not match. */
function match(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export function createFakeApi(data?: FakeData): FakeApi {
  return new FakeApi(data);
}
