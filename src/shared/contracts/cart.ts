import { z } from 'zod';
import { cents, id, text } from './common';
import { cartItemTypes, MAX_GUEST_LINES } from './values';

export { cartItemTypes, MAX_GUEST_LINES, type CartItemType } from './values';
export type { GuestCartItem } from './guest-cart';

const quantity = z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number');
// The upper bound is the cart's cap (src/shared/cart-rules.ts), checked by the cart against the whole
// line, so one more of an item at the cap is refused the same way as a first add above it.
const addQuantity = quantity.min(1, 'Quantity must be at least 1');

/** A line is exactly one item: naming a second one is refused at that field. */
const notAlso = z
  .never({ error: 'A cart line is exactly one item' })
  .optional()
  // `not: {}` is the API document's way to say no value is accepted.
  .meta({ type: 'string', not: {}, description: 'Never sent: a cart line names exactly one item.' });

/** What a client may say about an item to add. Prices are never taken from the client. */
export const cartItemInput = z.discriminatedUnion('itemType', [
  z.object({ itemType: z.literal('product'), productId: id, bundleId: notAlso, bogoOfferId: notAlso, cloudKitchenProductId: notAlso, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('bundle'), bundleId: id, productId: notAlso, bogoOfferId: notAlso, cloudKitchenProductId: notAlso, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('bogo'), bogoOfferId: id, productId: notAlso, bundleId: notAlso, cloudKitchenProductId: notAlso, warehouseId: id, quantity: addQuantity }),
  z.object({ itemType: z.literal('cloud_kitchen'), cloudKitchenProductId: id, productId: notAlso, bundleId: notAlso, bogoOfferId: notAlso, quantity: addQuantity }),
]);
export type CartItemInput = z.infer<typeof cartItemInput>;

/** Zero or less removes the line. */
export const updateQuantityInput = z.object({
  quantity,
});

/** A guest's items, each with the id its browser cart gave it, to price or to move into the server cart. */
export const guestItemsInput = z.object({
  items: z.array(z.intersection(cartItemInput, z.object({ id: text({ label: 'Line id', max: 64 }).optional() }))).max(MAX_GUEST_LINES, `At most ${MAX_GUEST_LINES} items`),
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

export const cartNotice = z.object({
  id: z.string().optional(),
  itemType: z.enum(cartItemTypes),
  /** The item's name when it is known. */
  name: z.string().optional(),
  reason: z.string(),
  /** Set when the line was kept with fewer units than asked: how many it holds. */
  quantity: z.number().int().optional(),
});
export type CartNotice = z.infer<typeof cartNotice>;

export const cart = z.object({
  id: z.string(),
  kind: z.enum(['grocery', 'cloud_kitchen']).nullable(),
  items: z.array(cartLine),
  itemCount: z.number().int(),
  summary: cartSummary,
  /**
   * Guest items a quote or merge could not take (e.g. groceries into a kitchen cart) or took fewer of
   * (the stock or the cap), with why: `id` is the guest line's id when it sent one.
   */
  skipped: z.array(cartNotice).default([]),
});
export type Cart = z.infer<typeof cart>;
