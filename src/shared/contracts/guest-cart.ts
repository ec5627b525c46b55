import * as z from 'zod/mini';
import { idFormat as id } from './id-format';
import { cartItemTypes } from './values';

/**
 * The browser cart of a guest, stored under localStorage 'groc_cart'. It is read line by line (see
 * web/features/cart/guest-cart.ts); a stored price is never trusted, the server prices every quote.
 * zod/mini, unlike the other contracts: every shopper's first load reads it (ADR 045).
 */
export const guestCartItem = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  cart_id: z.literal('local'),
  product_id: z.optional(z.nullable(id)),
  bundle_id: z.optional(z.nullable(id)),
  bogo_offer_id: z.optional(z.nullable(id)),
  cloud_kitchen_product_id: z.optional(z.nullable(id)),
  // Dishes need none: a line from an older version with an empty one still reads.
  warehouse_id: z.catch(z.optional(z.nullable(id)), null),
  quantity: z.int().check(z.minimum(1)),
  unit_price: z.optional(z.unknown()),
  item_type: z.enum(cartItemTypes),
});
export type GuestCartItem = z.infer<typeof guestCartItem>;
