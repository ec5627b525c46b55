import type { Cart, GuestItemsInput } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import { toCart, toCartLine } from './load-cart';
import { planGuestItems } from './plan-guest-items';

/**
 * Prices a guest's browser cart with the same rules as a merge, without writing anything: the server's
 * prices, one line per item, quantities limited to the cap and the stock, and what the cart cannot
 * take (unknown, unsold, or breaking the mixing rules) listed as skipped.
 */
export async function quoteGuestCart(options: { db: Db; items: GuestItemsInput['items'] }): Promise<Cart> {
  const { lines, skipped } = await planGuestItems(options.db, { lines: [], items: options.items });
  return toCart(
    'local',
    lines.map(({ line, details, guestId }, index) => ({ line: toCartLine({ ...line, id: guestId ?? `local-${index}` }, details), deliveryFee: details.deliveryFee })),
    skipped,
  );
}
