import { eq } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import type { Db } from '../client';
import type { Auth } from '../../lib/auth';
import { profiles } from '../../modules/auth/auth.tables';
import {
  bogoOffers,
  bundleItems,
  categories,
  discounts,
  productBundles,
  products,
  subcategories,
  warehouseProducts,
} from '../../modules/catalog/catalog.tables';
import { productPictures } from '../../modules/catalog/media-urls';
import { cloudKitchens } from '../../modules/kitchens/kitchens.tables';
import { warehouses, warehouseStaff } from '../../modules/locations/locations.tables';
import type { WarehouseStaffRole } from '@/shared/access';

export interface AccountSpec {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: Role;
}

/**
 * Creates a verified account with better-auth's own password hashing (so it signs in like any other)
 * without sending a verification email, and gives it its role.
 */
export async function createAccount(options: { db: Db; auth: Auth; account: AccountSpec }) {
  const { db, auth, account } = options;
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser({
    email: account.email.toLowerCase(),
    name: `${account.firstName} ${account.lastName}`,
    emailVerified: true,
  }, { method: 'admin' });
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await context.password.hash(account.password),
  });
  const [profile] = await db
    .update(profiles)
    .set({ role: account.role ?? 'customer', firstName: account.firstName, lastName: account.lastName })
    .where(eq(profiles.userId, created.id))
    .returning();
  if (!profile) throw new Error(`profile missing for ${account.email}`);
  return { userId: created.id, profile };
}

export type KitchenSpec = Omit<typeof cloudKitchens.$inferInsert, 'id' | 'createdAt'>;

export async function createKitchen(options: { db: Db } & KitchenSpec) {
  const { db, ...kitchenSpec } = options;
  const [kitchen] = await db.insert(cloudKitchens).values(kitchenSpec).returning();
  return kitchen!;
}

export type WarehouseSpec = typeof warehouses.$inferInsert;

export async function createWarehouses(options: { db: Db; warehouses: WarehouseSpec[] }) {
  return options.db.insert(warehouses).values(options.warehouses).onConflictDoNothing({ target: warehouses.name }).returning();
}

/** Puts a manager or driver to work at warehouses; someone already working there keeps their place. */
export async function assignWarehouseStaff(options: { db: Db; profileId: string; role: WarehouseStaffRole; warehouseIds: string[] }) {
  const { db, profileId, role, warehouseIds } = options;
  if (warehouseIds.length === 0) return;
  await db
    .insert(warehouseStaff)
    .values(warehouseIds.map((warehouseId) => ({ profileId, warehouseId, role })))
    .onConflictDoNothing();
}

export async function createCategory(options: { db: Db; name: string; slug: string; subcategories: { name: string; slug: string }[] }) {
  const { db } = options;
  const [category] = await db.insert(categories).values({ name: options.name, slug: options.slug }).returning();
  const subs = await db
    .insert(subcategories)
    .values(options.subcategories.map((sub) => ({ ...sub, categoryId: category!.id })))
    .returning();
  return { category: category!, subcategories: subs };
}

/** A product sold by the given warehouses at the given prices (cents) and stock. */
export async function createProduct(options: {
  db: Db;
  name: string;
  sku: string;
  categoryId: string;
  subcategoryId?: string | null;
  brand?: string;
  /** Photos an admin uploaded; without them the product shows the picture the server draws. */
  images?: string[];
  shelves: { warehouseId: string; price: number; stockQuantity: number; active?: boolean }[];
}) {
  const { db } = options;
  const [product] = await db
    .insert(products)
    .values({
      name: options.name,
      sku: options.sku,
      brand: options.brand ?? '',
      categoryId: options.categoryId,
      subcategoryId: options.subcategoryId ?? null,
      productImages: productPictures(options.sku, options.images),
    })
    .returning();
  if (options.shelves.length > 0) {
    await db.insert(warehouseProducts).values(options.shelves.map((shelf) => ({ ...shelf, productId: product!.id })));
  }
  return product!;
}

export async function createBundle(options: { db: Db; name: string; discountedPrice: number; items: { productId: string; quantity: number }[] }) {
  const [bundle] = await options.db.insert(productBundles).values({ name: options.name, discountedPrice: options.discountedPrice }).returning();
  await options.db.insert(bundleItems).values(options.items.map((item) => ({ ...item, bundleId: bundle!.id })));
  return bundle!;
}

export async function createBogoOffer(options: {
  db: Db;
  name: string;
  productId: string;
  buyQuantity: number;
  getQuantity: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  active?: boolean;
}) {
  const { db, ...values } = options;
  const [offer] = await db.insert(bogoOffers).values(values).returning();
  return offer!;
}

export async function createDiscount(options: {
  db: Db;
  name: string;
  percentage: number;
  minQuantity: number;
  productId?: string;
  subcategoryId?: string;
  categoryId?: string;
  validFrom?: Date;
  validUntil?: Date;
  active?: boolean;
}) {
  const { db, ...values } = options;
  const [discount] = await db.insert(discounts).values(values).returning();
  return discount!;
}
