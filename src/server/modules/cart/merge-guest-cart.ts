import type { Cart, GuestItemsInput } from '@/shared/contracts/cart';
import { cartRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import { priceCartItem } from '../catalog/price-cart-item';
import { cartContents, lockCart, quantityOf } from './cart-access';
import { refOf, upsertLine } from './add-cart-item';
import { loadCart } from './load-cart';
import { priceGuestItem, toContents } from './quote-guest-cart';

/**
 * Moves a guest's browser cart into the customer's cart on sign-in. An item in both keeps the larger
 * quantity (nothing lost, nothing doubled); quantities are capped at the stock on hand; items the
 * cart cannot take are reported as skipped.
 */
export async function mergeGuestCart(options: { db: Db; profileId: string; items: GuestItemsInput['items'] }): Promise<Cart> {
  const { db, profileId } = options;
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    const contents = await cartContents(tx, cartId);
    const skipped: Cart['skipped'] = [];
    for (const item of options.items) {
      const existing = quantityOf(contents, item.itemType, refOf(item));
      const result = await priceGuestItem(tx, { ...item, quantity: Math.max(existing, item.quantity) }, contents);
      if ('skipped' in result) {
        skipped.push(result.skipped);
        continue;
      }
      let priced = result.priced;
      if (priced.maxQuantity <= 0) {
        skipped.push({ itemType: item.itemType, reason: cartRefusals.outOfStock });
        continue;
      }
      if (priced.quantity > priced.maxQuantity) {
        // Re-priced at the capped quantity: a quantity discount depends on it.
        priced = await priceCartItem({ db: tx, item: { ...item, quantity: priced.maxQuantity } });
      }
      await upsertLine(tx, cartId, priced);
      contents.push(toContents(priced));
    }
    return { ...(await loadCart({ db: tx, cartId })), skipped };
  });
}
