import { z } from 'zod';
import { cents, id, text } from './common';

import { productSorts } from './values';

export { productSorts, type ProductSort } from './values';

export const productListQuery = z.object({
  warehouseId: id.optional(),
  categoryId: id.optional(),
  subcategoryId: id.optional(),
  q: text({ label: 'Search', max: 100 }).optional(),
  sort: z.enum(productSorts).default('relevance'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const warehouseQuery = z.object({ warehouseId: id.optional() });

export const bogoSummary = z.object({ id, name: z.string(), buyQuantity: z.number().int(), getQuantity: z.number().int() });

export const productCard = z.object({
  id,
  name: z.string(),
  brand: z.string(),
  unit: z.string(),
  image: z.string().nullable(),
  shortDescription: z.string(),
  categoryId: id,
  subcategoryId: id.nullable(),
  price: cents,
  stockQuantity: z.number().int(),
  inStock: z.boolean(),
  bogo: bogoSummary.nullable(),
});
export type ProductCard = z.infer<typeof productCard>;

export const productList = z.object({
  warehouseId: id,
  items: z.array(productCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductList = z.infer<typeof productList>;

export const discountTier = z.object({
  minQuantity: z.number().int(),
  percentage: z.number(),
  /** 'all': a discount on every product. */
  scope: z.enum(['product', 'subcategory', 'category', 'all']),
});
export type DiscountTier = z.infer<typeof discountTier>;

export const productDetail = productCard.extend({
  /** The warehouse whose price and stock these are. */
  warehouseId: id,
  sku: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  category: z.object({ id, name: z.string(), slug: z.string() }),
  subcategory: z.object({ id, name: z.string(), slug: z.string() }).nullable(),
  discountTiers: z.array(discountTier),
  related: z.array(productCard),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const category = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  image: z.string(),
  productCount: z.number().int(),
  subcategories: z.array(z.object({ id, name: z.string(), slug: z.string() })),
});
export type Category = z.infer<typeof category>;

export const bundle = z.object({
  id,
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price: cents,
  originalPrice: cents,
  available: z.boolean(),
  items: z.array(z.object({ productId: id, name: z.string(), quantity: z.number().int(), image: z.string().nullable() })),
});
export type Bundle = z.infer<typeof bundle>;

export const bogoOffer = z.object({
  id,
  name: z.string(),
  description: z.string(),
  productId: id,
  productName: z.string(),
  image: z.string().nullable(),
  buyQuantity: z.number().int(),
  getQuantity: z.number().int(),
  /** Price of one deal set: the units you buy. */
  price: cents,
  /** Price of one deal set at shelf price: all units. */
  originalPrice: cents,
  available: z.boolean(),
});
export type BogoOffer = z.infer<typeof bogoOffer>;

export const deals = z.object({ warehouseId: id, bundles: z.array(bundle), bogoOffers: z.array(bogoOffer) });
export type Deals = z.infer<typeof deals>;
