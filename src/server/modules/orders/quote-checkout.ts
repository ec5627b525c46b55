import type { z } from 'zod';
import type { CheckoutQuote, checkoutQuoteInput } from '@/shared/contracts/orders';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { cartOwner, findCart } from '../cart/cart-access';
import { findOwnAddress } from '../locations/address-access';
import { planCheckout } from './checkout-plan';

/**
 * Prices the customer's cart for an address, a delivery time and a tip, and says what would stop the
 * order, without writing anything. Placing the same input answers the same total.
 */
export async function quoteCheckout(options: {
  db: Db;
  viewer: Viewer | undefined;
  input: z.output<typeof checkoutQuoteInput>;
  cardEnabled: boolean;
  now?: Date;
}): Promise<CheckoutQuote> {
  const profileId = cartOwner(options.viewer);
  const viewer = options.viewer!;
  const { addressId } = options.input;
  const [{ lines }, address] = await Promise.all([
    findCart(options.db, profileId),
    addressId ? findOwnAddress(options.db, viewer, addressId) : Promise.resolve(null),
  ]);
  const plan = await planCheckout(options.db, {
    lines,
    address,
    delivery: options.input.delivery,
    tip: options.input.tip,
    cardEnabled: options.cardEnabled,
    now: options.now ?? new Date(),
    countBookings: true,
  });
  return plan.quote;
}
