import type { Actor } from '@/shared/access';
import type { Profile } from '@/shared/contracts/auth';
import type { GuestCartItem } from '@/shared/contracts/cart';
import type { BogoOffer, Bundle, Category, ProductDetail } from '@/shared/contracts/catalog';
import type { KitchenMenu, KitchenSummary } from '@/shared/contracts/kitchens';
import type { Address, Coordinates, Warehouse } from '@/shared/contracts/locations';
import type { Order, OrderLine } from '@/shared/contracts/orders';
import { summarize } from '@/shared/money';
import type { Role } from '@/shared/roles';

/** A valid, readable id: `kind` tells what it is (1 warehouse, 2 category, ...), `index` which one. */
export function testId(kind: number, index: number): string {
  return `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

export interface FakeWarehouse extends Warehouse {
  deliveryFee: number;
  active: boolean;
}

export interface FakeKitchen {
  menu: KitchenMenu;
  latitude: number;
  longitude: number;
}

export interface FakeUser {
  id: string;
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
  profile: Profile;
}

/** A signed-in user as the shared access rules see them. */
export const actorOf = (viewer: FakeUser): Actor => ({
  role: viewer.profile.role,
  profileId: viewer.profile.id,
  warehouseIds: viewer.profile.warehouseIds,
  kitchenIds: viewer.profile.kitchenIds,
});

/** What the fake API serves; tests change it freely (it is rebuilt for every fake). */
export interface FakeData {
  warehouses: FakeWarehouse[];
  categories: Category[];
  /** One entry per product and warehouse that sells it: its price and stock there. */
  products: ProductDetail[];
  bundles: (Bundle & { warehouseId: string })[];
  bogoOffers: (BogoOffer & { warehouseId: string })[];
  kitchens: FakeKitchen[];
  users: FakeUser[];
  /** Saved addresses by user id. */
  addresses: Record<string, Address[]>;
  /**
   * What the geocoder knows: ZIP code → point, and the state it lies in when known. An unknown ZIP
   * saves without coordinates; a ZIP in another state than the one typed is refused.
   */
  zipCodes: Record<string, Coordinates & { state?: string }>;
  googleSignIn: boolean;
  /** Placed orders, newest last, as GET /api/orders/:id answers them. */
  orders: Order[];
  /** The tracking map's tile style (GET /api/config); absent draws the offline schematic map. */
  mapStyleUrl?: string | null;
}

export const georgetownId = testId(1, 1);
export const jerseyCityId = testId(1, 2);

export function aWarehouse(overrides: Partial<FakeWarehouse> = {}): FakeWarehouse {
  return {
    id: georgetownId,
    name: 'Georgetown',
    location: 'Georgetown, TX',
    streetAddress: '1 Main St',
    city: 'Georgetown',
    state: 'TX',
    latitude: 30.6333,
    longitude: -97.6779,
    deliveryRadiusMiles: 40,
    isDefault: true,
    deliveryFee: 299,
    active: true,
    ...overrides,
  };
}

export const dairyId = testId(2, 1);
export const bakeryId = testId(2, 2);
export const cheeseId = testId(3, 1);
export const yogurtId = testId(3, 2);

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: dairyId,
    name: 'Dairy & Eggs',
    slug: 'dairy-eggs',
    description: 'Milk, cheese and eggs.',
    icon: 'Milk',
    color: '#3b82f6',
    image: '/api/media/categories/dairy-eggs.svg',
    productCount: 0,
    subcategories: [
      { id: cheeseId, name: 'Cheese', slug: 'cheese' },
      { id: yogurtId, name: 'Yogurt', slug: 'yogurt' },
    ],
    ...overrides,
  };
}

export function aProduct(index: number, overrides: Partial<ProductDetail> = {}): ProductDetail {
  const name = overrides.name ?? `Product ${index}`;
  return {
    id: testId(4, index),
    warehouseId: georgetownId,
    name,
    brand: 'FreshCart',
    unit: '1 ct',
    image: `/api/media/products/${index}.svg`,
    images: [`/api/media/products/${index}.svg`],
    shortDescription: '',
    description: '',
    sku: `SKU-${index}`,
    categoryId: dairyId,
    subcategoryId: cheeseId,
    category: { id: dairyId, name: 'Dairy & Eggs', slug: 'dairy-eggs' },
    subcategory: { id: cheeseId, name: 'Cheese', slug: 'cheese' },
    price: 500,
    stockQuantity: 40,
    inStock: true,
    bogo: null,
    discountTiers: [],
    related: [],
    ...overrides,
  };
}

export function aBundle(index: number, overrides: Partial<Bundle & { warehouseId: string }> = {}): Bundle & { warehouseId: string } {
  return {
    id: testId(5, index),
    warehouseId: georgetownId,
    name: `Bundle ${index}`,
    description: '',
    image: null,
    price: 1000,
    originalPrice: 1200,
    available: true,
    items: [],
    ...overrides,
  };
}

export function aBogoOffer(index: number, product: ProductDetail, overrides: Partial<BogoOffer & { warehouseId: string }> = {}): BogoOffer & { warehouseId: string } {
  const buyQuantity = overrides.buyQuantity ?? 2;
  const getQuantity = overrides.getQuantity ?? 1;
  return {
    id: testId(6, index),
    warehouseId: product.warehouseId,
    name: `Buy ${buyQuantity} Get ${getQuantity} Free ${product.name}`,
    description: '',
    productId: product.id,
    productName: product.name,
    image: product.image,
    buyQuantity,
    getQuantity,
    price: buyQuantity * product.price,
    originalPrice: (buyQuantity + getQuantity) * product.price,
    available: true,
    ...overrides,
  };
}

export function aKitchenSummary(index: number, overrides: Partial<KitchenSummary> = {}): KitchenSummary {
  return {
    id: testId(7, index),
    businessName: `Kitchen ${index}`,
    kitchenType: 'home',
    cuisine: 'Tex-Mex',
    description: '',
    image: `/api/media/kitchens/${index}.svg`,
    city: 'Georgetown',
    state: 'TX',
    prepTimeMinutes: 30,
    openNow: true,
    opensNext: null,
    rating: null,
    ratingCount: 0,
    distanceMiles: null,
    ...overrides,
  };
}

/** A kitchen at a point, with a one-section menu of `dishes` dishes. */
export function aKitchen(index: number, at: Coordinates, overrides: Partial<KitchenSummary> = {}, dishes = 2): FakeKitchen {
  return {
    latitude: at.latitude,
    longitude: at.longitude,
    menu: {
      kitchen: { ...aKitchenSummary(index, overrides), streetAddress: `${index} Kitchen Rd`, zipCode: '78626', openingHours: [] },
      sections: [
        {
          name: 'Mains',
          dishes: Array.from({ length: dishes }, (_, dish) => ({
            id: testId(8, index * 100 + dish + 1),
            name: `Dish ${index}.${dish + 1}`,
            description: '',
            price: 1200 + dish * 100,
            image: `/api/media/dishes/${index}-${dish + 1}.svg`,
            available: true,
            dietaryTags: [],
            rating: null,
            ratingCount: 0,
          })),
        },
      ],
      mealPlans: [],
    },
  };
}

const emails: Record<Role, string> = {
  customer: 'customer@demo.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  driver: 'driver@demo.test',
  cloud_kitchen: 'kitchen@demo.test',
  support: 'support@demo.test',
};

export function aUser(role: Role, overrides: Partial<Profile> = {}): FakeUser {
  const index = ['customer', 'admin', 'manager', 'driver', 'cloud_kitchen', 'support'].indexOf(role) + 1;
  const profile: Profile = {
    id: testId(9, index),
    userId: testId(10, index),
    email: emails[role],
    role,
    firstName: 'Casey',
    lastName: 'Doe',
    phone: null,
    referralCode: null,
    kitchenId: null,
    warehouseIds: [],
    kitchenIds: [],
    ...overrides,
  };
  return {
    id: profile.userId,
    email: profile.email,
    password: 'demo-password',
    name: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
    emailVerified: true,
    profile,
  };
}

/** A line of a guest's browser cart as the app stores it under 'groc_cart': `quantity` of a product from its warehouse. */
export function aGuestLine(id: string, product: Pick<ProductDetail, 'id' | 'warehouseId'>, quantity: number): GuestCartItem {
  return {
    id,
    cart_id: 'local',
    product_id: product.id,
    bundle_id: null,
    bogo_offer_id: null,
    cloud_kitchen_product_id: null,
    warehouse_id: product.warehouseId,
    quantity,
    item_type: 'product',
  };
}

export function anAddress(index: number, overrides: Partial<Address> = {}): Address {
  return {
    id: testId(11, index),
    label: 'Home',
    streetAddress: `${index} Oak St`,
    unit: '',
    city: 'Round Rock',
    state: 'TX',
    zipCode: '78664',
    deliveryInstructions: '',
    latitude: 30.5083,
    longitude: -97.6789,
    isDefault: index === 1,
    ...overrides,
  };
}

/**
 * A small marketplace: Georgetown (the default warehouse) and Jersey City, two categories, a few
 * products with a quantity discount and a buy-2-get-1 offer, a bundle, two kitchens near Georgetown.
 */
export function fakeData(): FakeData {
  const spaghetti = aProduct(1, { name: 'Spaghetti', brand: 'Barilla', unit: '16 oz', price: 199, categoryId: bakeryId, subcategoryId: null, category: { id: bakeryId, name: 'Bakery', slug: 'bakery' }, subcategory: null });
  const brie = aProduct(2, { name: 'Brie', brand: 'President', unit: '8 oz', price: 599, stockQuantity: 5 });
  const chicken = aProduct(3, {
    name: 'Chicken Breast',
    brand: 'Perdue',
    unit: '2 lb tray',
    price: 939,
    discountTiers: [{ minQuantity: 2, percentage: 10, scope: 'product' }],
  });
  const offer = aBogoOffer(1, spaghetti);
  spaghetti.bogo = { id: offer.id, name: offer.name, buyQuantity: offer.buyQuantity, getQuantity: offer.getQuantity };
  return {
    warehouses: [
      aWarehouse(),
      aWarehouse({ id: jerseyCityId, name: 'Jersey City', location: 'Jersey City, NJ', city: 'Jersey City', state: 'NJ', latitude: 40.7178, longitude: -74.0431, isDefault: false }),
    ],
    categories: [
      aCategory({ productCount: 2 }),
      aCategory({ id: bakeryId, name: 'Bakery', slug: 'bakery', description: 'Bread and pastries.', icon: 'Croissant', color: '#d97706', image: '/api/media/categories/bakery.svg', productCount: 1, subcategories: [] }),
    ],
    products: [spaghetti, brie, chicken, { ...spaghetti, warehouseId: jerseyCityId, price: 249, bogo: null }],
    bundles: [aBundle(1, { name: 'Pasta Night', price: 899, originalPrice: 1098, items: [{ productId: spaghetti.id, name: spaghetti.name, quantity: 2, image: null }] })],
    bogoOffers: [offer],
    kitchens: [
      aKitchen(1, { latitude: 30.64, longitude: -97.68 }, { businessName: 'Casa Rio', rating: 4.6, ratingCount: 12, prepTimeMinutes: 25 }),
      aKitchen(2, { latitude: 30.7, longitude: -97.7 }, { businessName: 'Lone Star BBQ', openNow: false, opensNext: { inDays: 1, day: 1, time: '11:00' }, prepTimeMinutes: 50 }),
    ],
    users: [],
    addresses: {},
    orders: [],
    zipCodes: {
      '78626': { latitude: 30.6333, longitude: -97.6779, state: 'TX' },
      '78664': { latitude: 30.5083, longitude: -97.6789, state: 'TX' },
      '07302': { latitude: 40.7178, longitude: -74.0431, state: 'NJ' },
    },
    googleSignIn: false,
  };
}

/** A line of a placed order: `quantity` of product `index` of the default data set (1 Spaghetti, 2 Brie, 3 Chicken Breast). */
export function anOrderLine(index: number, overrides: Partial<OrderLine> = {}): OrderLine {
  const products = [
    { name: 'Spaghetti', detail: '16 oz', price: 199 },
    { name: 'Brie', detail: '8 oz', price: 599 },
    { name: 'Chicken Breast', detail: '2 lb tray', price: 939 },
  ];
  const product = products[(index - 1) % products.length]!;
  return {
    id: testId(31, index),
    itemType: 'product',
    productId: testId(4, index),
    bundleId: null,
    bogoOfferId: null,
    cloudKitchenProductId: null,
    name: product.name,
    detail: product.detail,
    image: `/api/media/products/${index}.svg`,
    quantity: 1,
    unitPrice: product.price,
    originalPrice: product.price,
    substitution: 'replace',
    refundedQuantity: 0,
    fulfilment: { status: 'as_ordered', quantity: 0, substitute: null },
    rating: null,
    ...overrides,
  };
}

/**
 * A grocery order from Georgetown to the customer's home, placed at `placedAt` and walked through the
 * status machine up to `status` (one event per step, ids counting from `index * 100`), its totals
 * worked out from its lines as the server does. Paid on delivery; a delivered order counts as paid.
 */
export function anOrder(index: number, overrides: Partial<Order> = {}): Order {
  const status = overrides.status ?? 'placed';
  const lines = overrides.lines ?? [anOrderLine(1, { id: testId(31, index * 10 + 1), quantity: 2 }), anOrderLine(2, { id: testId(31, index * 10 + 2) })];
  const placedAt = overrides.placedAt ?? new Date(Date.UTC(2026, 10, 22, 15, 0) - index * 86_400_000).toISOString();
  const path: Order['status'][] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered'];
  const after: Partial<Record<Order['status'], Order['status'][]>> = {
    cancelled: ['placed', 'cancelled'],
    refund_requested: [...path, 'refund_requested'],
    refunded: [...path, 'refund_requested', 'refunded'],
    refund_rejected: [...path, 'refund_requested', 'refund_rejected'],
  };
  const walked = after[status] ?? path.slice(0, path.indexOf(status) + 1);
  const events = walked.map((step, position) => ({
    id: String(index * 100 + position + 1),
    status: step,
    at: new Date(Date.parse(placedAt) + position * 10 * 60_000).toISOString(),
    actor: position === 0 ? ('customer' as const) : step === 'out_for_delivery' || step === 'delivered' ? ('driver' as const) : ('manager' as const),
    note: '',
  }));
  const summary = summarize(lines, { deliveryFee: 299 });
  const original = lines.reduce((total, line) => total + line.originalPrice * line.quantity, 0);
  const delivered = walked.includes('delivered');
  const order: Order = {
    id: testId(30, index),
    orderNumber: `FC-20261122-${String(index).padStart(4, '0')}`,
    type: 'grocery',
    status,
    totalAmount: summary.totalAmount,
    placedAt,
    itemCount: lines.reduce((total, line) => total + line.quantity, 0),
    sourceName: 'Georgetown',
    cloudKitchenId: null,
    warehouseId: georgetownId,
    source: { kind: 'warehouse', id: georgetownId, name: 'Georgetown', latitude: 30.6333, longitude: -97.6779, timeZone: 'America/Chicago' },
    timeZone: 'America/Chicago',
    returnable: status === 'delivered',
    returnableAfterReview: false,
    partlyRefunded: false,
    address: { label: 'Home', streetAddress: '100 Oak St', unit: '', city: 'Round Rock', state: 'TX', zipCode: '78664', deliveryInstructions: '', latitude: 30.5083, longitude: -97.6789 },
    delivery: { kind: 'asap', windowStart: null, windowEnd: null, estimatedAt: new Date(Date.parse(placedAt) + 45 * 60_000).toISOString() },
    totals: {
      subtotal: summary.subtotal,
      savings: { discounts: original - summary.subtotal, bundles: 0, deals: 0, total: original - summary.subtotal },
      serviceFee: summary.serviceFee,
      deliveryFee: summary.deliveryFee,
      taxAmount: summary.taxAmount,
      tip: summary.tip,
      totalAmount: summary.totalAmount,
    },
    payment: { method: 'cash_on_delivery', status: delivered ? 'paid' : 'due_on_delivery', refundedAmount: 0, clientSecret: null },
    driverNotes: '',
    deliveryCode: '4821',
    proofOfDeliveryNote: '',
    driver: walked.includes('out_for_delivery') ? { profileId: testId(9, 4), firstName: 'Dana' } : null,
    lines,
    events,
    refunds: [],
    returnRequests: [],
    refundableAmount: delivered ? summary.totalAmount : 0,
    actions: { cancel: false, reorder: true, requestReturn: false, rate: false, transitions: [], assignDriver: false },
    ...overrides,
  };
  return order;
}

/** The order once `amount` more of its payment was refunded, as the server's ledger keeps it: refunded once nothing paid is left. */
export function refundedBy(order: Order, amount: number): Order {
  const refundedAmount = order.payment.refundedAmount + amount;
  return {
    ...order,
    payment: { ...order.payment, refundedAmount, status: refundedAmount >= order.totalAmount ? 'refunded' : 'partially_refunded' },
    refundableAmount: Math.max(0, order.refundableAmount - amount),
  };
}

/**
 * Two refunded orders: one refunded in part (its first line given back, its second still returnable)
 * and one refunded in whole (every unit of both lines given back, and the fees), numbered `partly` and `partly + 1`.
 */
export function refundedOrders(partly: number): { partly: Order; fully: Order } {
  const part = anOrder(partly, { status: 'refunded', lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 2) })] });
  const whole = anOrder(partly + 1, {
    status: 'refunded',
    lines: [anOrderLine(1, { id: testId(31, 3), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 4), refundedQuantity: 1 })],
  });
  return { partly: refundedBy(part, part.lines[0]!.unitPrice * 3), fully: refundedBy(whole, whole.totalAmount) };
}
