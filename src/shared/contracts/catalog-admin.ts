import { z } from 'zod';
import { id, text } from './common';

/** What an admin edits in the catalog: the API's own schemas, shared by the forms. Money in integer cents. */

const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .positive(`${label} must be more than 0`)
    .max(10_000_000, `${label} is too large`);
const count = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(1_000_000, `${label} is too large`);
const sortOrder = count('Position', 0);
const page = z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1);
const pageSize = z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25);

/** Our own uploads, or an image elsewhere over https. */
const imageUrl = z
  .string()
  .max(500, 'Image address is too long')
  .refine((value) => /^\/api\/(uploads|media)\/[\w./-]+$/.test(value) || /^https:\/\/\S+$/.test(value), 'Not an image address');

export const productInput = z.object({
  name: text({ label: 'Name', max: 200, required: true }),
  sku: text({ label: 'SKU', max: 64, required: true }).refine((value) => /^[A-Za-z0-9._-]*$/.test(value), 'SKU may hold letters, digits, dots, dashes and underscores'),
  brand: text({ label: 'Brand', max: 100 }).default(''),
  unit: text({ label: 'Unit', max: 50 }).default(''),
  shortDescription: text({ label: 'Short description', max: 300 }).default(''),
  description: text({ label: 'Description', max: 5000, multiline: true }).default(''),
  categoryId: id,
  subcategoryId: id.nullable().default(null),
  images: z.array(imageUrl).max(8, 'At most 8 images').default([]),
});
export type ProductInput = z.input<typeof productInput>;

export const adminProductQuery = z.object({
  q: z.string().trim().max(100).optional(),
  categoryId: id.optional(),
  page,
  pageSize,
});
export type AdminProductQuery = z.input<typeof adminProductQuery>;

export const adminProductRow = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  brand: z.string(),
  categoryName: z.string(),
  image: z.string().nullable(),
  /** Warehouses that stock it, and of those how many sell it now. */
  warehouses: z.number().int(),
  activeWarehouses: z.number().int(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;
export const adminProductPage = z.object({ products: z.array(adminProductRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminProductPage = z.infer<typeof adminProductPage>;

export const adminShelf = z.object({
  warehouseId: id,
  warehouseName: z.string(),
  /** Null while the warehouse does not stock the product. */
  price: z.number().int().nullable(),
  stockQuantity: z.number().int(),
  active: z.boolean(),
});
export type AdminShelf = z.infer<typeof adminShelf>;

export const adminProduct = z.object({
  id,
  name: z.string(),
  sku: z.string(),
  brand: z.string(),
  unit: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  categoryId: id,
  subcategoryId: id.nullable(),
  /** The photos an admin gave it, the first its main one; never the picture the server draws. */
  images: z.array(z.string()),
  /** What shoppers see of it: its main photo, or without one the picture the server draws for it. */
  picture: z.string(),
  shelves: z.array(adminShelf),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const shelfInput = z.object({ price: price('Price'), stockQuantity: count('Stock', 0), active: z.boolean() });
export type ShelfInput = z.input<typeof shelfInput>;
export const shelfParams = z.object({ id, warehouseId: id });

export const productActiveInput = z.object({ active: z.boolean() });

export const categoryInput = z.object({
  name: text({ label: 'Name', max: 100, required: true }),
  description: text({ label: 'Description', max: 500 }).default(''),
  sortOrder,
});
export type CategoryInput = z.input<typeof categoryInput>;

export const subcategoryInput = z.object({
  categoryId: id,
  name: text({ label: 'Name', max: 100, required: true }),
  sortOrder,
});
export type SubcategoryInput = z.input<typeof subcategoryInput>;

export const adminSubcategory = z.object({ id, categoryId: id, name: z.string(), slug: z.string(), sortOrder: z.number().int() });
export type AdminSubcategory = z.infer<typeof adminSubcategory>;
export const adminCategory = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
  subcategories: z.array(adminSubcategory),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const bundleInput = z.object({
  name: text({ label: 'Name', max: 200, required: true }),
  description: text({ label: 'Description', max: 1000, multiline: true }).default(''),
  discountedPrice: price('Price'),
  active: z.boolean().default(true),
  items: z
    .array(z.object({ productId: id, quantity: count('Quantity', 1).max(100, 'Quantity must be at most 100') }))
    .min(2, 'A bundle needs at least 2 products')
    .max(20, 'A bundle holds at most 20 products')
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, 'Each product only once'),
});
export type BundleInput = z.input<typeof bundleInput>;
export const adminBundle = z.object({
  id,
  name: z.string(),
  description: z.string(),
  discountedPrice: z.number().int(),
  active: z.boolean(),
  items: z.array(z.object({ productId: id, name: z.string(), sku: z.string(), quantity: z.number().int() })),
});
export type AdminBundle = z.infer<typeof adminBundle>;

const timestamp = z.iso.datetime({ offset: true, error: 'Must be a date and time' }).nullable().default(null);
/** A validity window's end must come after its start; either may be open. */
const inOrder = (start: string | null, end: string | null) => !start || !end || Date.parse(end) > Date.parse(start);
const endsAfterStart = 'Must be after the start';

export const bogoInput = z
  .object({
    name: text({ label: 'Name', max: 200, required: true }),
    description: text({ label: 'Description', max: 1000, multiline: true }).default(''),
    productId: id,
    buyQuantity: count('Buy', 1).max(100, 'Buy must be at most 100'),
    getQuantity: count('Get', 1).max(100, 'Get must be at most 100'),
    active: z.boolean().default(true),
    /** The offer counts from this instant (null: already); server time decides. */
    startsAt: timestamp,
    /** The offer stops counting at this instant (null: never). */
    endsAt: timestamp,
  })
  .refine((input) => inOrder(input.startsAt, input.endsAt), { message: endsAfterStart, path: ['endsAt'] });
export type BogoInput = z.input<typeof bogoInput>;
export const adminBogoOffer = z.object({
  id,
  name: z.string(),
  description: z.string(),
  productId: id,
  productName: z.string(),
  buyQuantity: z.number().int(),
  getQuantity: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AdminBogoOffer = z.infer<typeof adminBogoOffer>;

/** What a discount applies to: one product, subcategory or category, or every product ('all', no target). */
export const discountScopes = ['product', 'subcategory', 'category', 'all'] as const;
export type DiscountScope = (typeof discountScopes)[number];

export const discountInput = z
  .object({
    name: text({ label: 'Name', max: 200, required: true }),
    scope: z.enum(discountScopes, { error: 'Choose what the discount applies to' }),
    /** The product, subcategory or category of the scope; null for 'all'. */
    targetId: id.nullable().default(null),
    minQuantity: count('Minimum quantity', 1),
    percentage: z
      .number({ error: 'Percentage must be a number' })
      .min(1, 'Percentage must be from 1 to 99')
      .max(99, 'Percentage must be from 1 to 99')
      .refine((value) => Number.isInteger(value * 100), 'Percentage may have at most 2 decimals'),
    validFrom: timestamp,
    validUntil: timestamp,
    active: z.boolean().default(true),
  })
  .refine((input) => input.scope === 'all' || input.targetId !== null, { message: 'Choose what the discount applies to', path: ['targetId'] })
  .refine((input) => input.scope !== 'all' || input.targetId === null, { message: 'A discount on every product has no target', path: ['targetId'] })
  .refine((input) => inOrder(input.validFrom, input.validUntil), { message: endsAfterStart, path: ['validUntil'] });
export type DiscountInput = z.input<typeof discountInput>;
export const adminDiscount = z.object({
  id,
  name: z.string(),
  scope: z.enum(discountScopes),
  /** Null for a discount on every product. */
  targetId: id.nullable(),
  targetName: z.string().nullable(),
  minQuantity: z.number().int(),
  percentage: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;
