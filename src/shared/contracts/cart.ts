import { z } from 'zod';
import { cents, id } from './common';

export const cartItemTypes = ['product', 'bundle', 'bogo', 'cloud_kitchen'] as const;
export type CartItemType = (typeof cartItemTypes)[number];

export const MAX_LINE_QUANTITY = 99;

const addQuantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** What a client may say about an item to add. Prices are never taken from the client. */
export const cartItemInput = z.discriminatedUnion('itemType', [
  z.object({ itemType: z.literal('product'), productId: id, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('bundle'), bundleId: id, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('bogo'), bogoOfferId: id, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('cloud_kitchen'), cloudKitchenProductId: id, quantity: addQuantity }),
]);
export type CartItemInput = z.infer<typeof cartItemInput>;

/** Zero or less removes the line. */
export const updateQuantityInput = z.object({
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
});

/** A guest's items, each with the id its browser cart gave it, to price or to move into the server cart. */
export const guestItemsInput = z.object({
  items: z.array(z.intersection(cartItemInput, z.object({ id: z.string().max(64).optional() }))).max(100, 'At most 100 items'),
});
export type GuestItemsInput = z.infer<typeof guestItemsInput>;

export const cartLine = z.object({
  /** A server line id, or the guest cart's generated id. */
  id: z.string(),
  itemType: z.enum(cartItemTypes),
  productId: id.nullable(),
  bundleId: id.nullable(),
  bogoOfferId: id.nullable(),
  cloudKitchenProductId: id.nullable(),
  cloudKitchenId: id.nullable(),
  warehouseId: id,
  quantity: z.number().int(),
  unitPrice: cents,
  originalPrice: cents,
  name: z.string(),
  detail: z.string(),
  image: z.string().nullable(),
  /** The most this line can hold with the stock on hand. */
  maxQuantity: z.number().int(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartSummary = z.object({
  subtotal: cents,
  serviceFee: cents,
  deliveryFee: cents,
  taxAmount: cents,
  tip: cents,
  totalAmount: cents,
});

export const cart = z.object({
  id: z.string(),
  kind: z.enum(['grocery', 'cloud_kitchen']).nullable(),
  items: z.array(cartLine),
  itemCount: z.number().int(),
  summary: cartSummary,
  /** Guest items a merge could not take (e.g. groceries into a kitchen cart), with why. */
  skipped: z.array(z.object({ itemType: z.enum(cartItemTypes), reason: z.string() })).default([]),
});
export type Cart = z.infer<typeof cart>;

/** The browser cart of a guest, stored under localStorage 'groc_cart'. */
export const guestCartItem = z.object({
  id: z.string(),
  cart_id: z.literal('local'),
  product_id: id.nullable().optional(),
  bundle_id: id.nullable().optional(),
  bogo_offer_id: id.nullable().optional(),
  cloud_kitchen_product_id: id.nullable().optional(),
  warehouse_id: id,
  quantity: z.number().int(),
  unit_price: cents,
  item_type: z.enum(cartItemTypes),
});
export type GuestCartItem = z.infer<typeof guestCartItem>;
