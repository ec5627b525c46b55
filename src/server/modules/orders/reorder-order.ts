import { lineInput, sameItem } from '@/shared/cart-rules';
import type { CartItemInput, CartNotice } from '@/shared/contracts/cart';
import type { ReorderResult } from '@/shared/contracts/orders';
import { cartRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { lockCartLines, writeLine } from '../cart/cart-access';
import { toCart, toCartLine } from '../cart/load-cart';
import { planGuestItems } from '../cart/plan-guest-items';
import { linesOf, lockOwnOrder } from './order-records';

/**
 * Puts an order's items back into its customer's cart, in one transaction, by the cart's own rules:
 * each is re-priced by the server and added to what the cart holds (within the cap and the stock);
 * lines the cart cannot take now (no longer sold, out of stock, another warehouse or a kitchen cart)
 * are named with why, and nothing else changes.
 */
export async function reorderOrder(options: { db: Db; viewer: Viewer; orderId: string }): Promise<ReorderResult> {
  const { viewer } = options;
  return options.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, { orderId: options.orderId, viewer });
    const lines = await linesOf(tx, order.id);
    const { cartId, lines: current } = await lockCartLines(tx, viewer.profileId);

    const gone: CartNotice[] = [];
    const items: (CartItemInput & { id: string })[] = [];
    for (const line of lines) {
      const item = lineInput({ ...line, warehouseId: order.warehouseId }, line.quantity);
      if (!item) {
        gone.push({ id: line.id, itemType: line.itemType, name: line.name, reason: cartRefusals.unavailable });
        continue;
      }
      // Added to what the cart already holds of the item, as adding it again would.
      const held = current.find((stored) => sameItem(stored, item))?.quantity ?? 0;
      items.push({ ...item, id: line.id, quantity: held + item.quantity });
    }
    const { lines: planned, skipped } = await planGuestItems(tx, { lines: current, items });
    const view = [];
    for (const { line, details, write } of planned) {
      const { id: _id, ...stored } = line;
      const id = write ? await writeLine(tx, cartId, stored) : line.id!;
      view.push({ line: toCartLine({ ...stored, id }, details), deliveryFee: details.deliveryFee });
    }
    // Notices name order lines by their name as ordered, when the catalog no longer knows it.
    const names = new Map(lines.map((line) => [line.id, line.name]));
    const notices = [...gone, ...skipped.map((notice) => ({ ...notice, name: notice.name ?? (notice.id ? names.get(notice.id) : undefined) }))];
    return { cart: toCart(cartId, view, notices), skipped: notices };
  });
}
