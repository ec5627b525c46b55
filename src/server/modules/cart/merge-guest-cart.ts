import type { Cart, GuestItemsInput } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { cartOwner, lockCartLines, writeLine } from './cart-access';
import { toCart, toCartLine } from './load-cart';
import { planGuestItems } from './plan-guest-items';

/**
 * Moves a guest's browser cart into the customer's cart on sign-in, by the same rules as a quote: an
 * item in both keeps the larger quantity (nothing lost, nothing doubled); quantities are limited to the
 * cap and the stock; items the cart cannot take are reported as skipped.
 */
export async function mergeGuestCart(options: { db: Db; viewer: Viewer | undefined; items: GuestItemsInput['items'] }): Promise<Cart> {
  const profileId = cartOwner(options.viewer);
  return options.db.transaction(async (tx) => {
    const { cartId, lines: stored } = await lockCartLines(tx, profileId);
    const { lines, skipped } = await planGuestItems(tx, { lines: stored, items: options.items });
    const view = [];
    for (const { line, details, write } of lines) {
      const { id: _id, ...stored } = line;
      const id = write ? await writeLine(tx, cartId, stored) : line.id!;
      view.push({ line: toCartLine({ ...stored, id }, details), deliveryFee: details.deliveryFee });
    }
    return toCart(cartId, view, skipped);
  });
}
