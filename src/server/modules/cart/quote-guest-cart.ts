import { eq } from 'drizzle-orm';
import type { Cart, CartLine, GuestItemsInput } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { priceCartItem, type PricedItem } from '../catalog/price-cart-item';
import { warehouses } from '../locations/locations.tables';
import type { CartContents } from './cart-access';
import { assertFits } from './cart-rules';
import { toCart } from './load-cart';

type GuestItem = GuestItemsInput['items'][number];

/** Prices one guest item, or says why the cart cannot take it. */
export async function priceGuestItem(
  db: Db,
  item: GuestItem,
  contents: CartContents[],
): Promise<{ priced: PricedItem } | { skipped: Cart['skipped'][number] }> {
  try {
    const priced = await priceCartItem({ db, item, checkStock: false });
    assertFits(contents, priced);
    return { priced };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { skipped: { itemType: item.itemType, reason: error.message } };
    throw error;
  }
}

export function toContents(priced: PricedItem): CartContents {
  const itemRef = priced.bogoOfferId ?? priced.bundleId ?? priced.cloudKitchenProductId ?? priced.productId ?? '';
  return { itemType: priced.itemType, itemRef, quantity: priced.quantity, warehouseId: priced.warehouseId, cloudKitchenId: priced.cloudKitchenId };
}

/**
 * Prices a guest's browser cart with the same rules as a customer's: the server's prices, and items
 * the cart cannot take (unknown, unsold, or breaking the mixing rules) listed as skipped.
 */
export async function quoteGuestCart(options: { db: Db; items: GuestItem[] }): Promise<Cart> {
  const { db } = options;
  const lines: CartLine[] = [];
  const skipped: Cart['skipped'] = [];
  const contents: CartContents[] = [];
  for (const [index, item] of options.items.entries()) {
    const result = await priceGuestItem(db, item, contents);
    if ('skipped' in result) {
      skipped.push(result.skipped);
      continue;
    }
    contents.push(toContents(result.priced));
    lines.push({ ...result.priced, id: item.id ?? `local-${index}` });
  }
  const [warehouse] = lines[0]
    ? await db.select({ fee: warehouses.deliveryFeeCents }).from(warehouses).where(eq(warehouses.id, lines[0].warehouseId))
    : [];
  return toCart('local', lines, warehouse?.fee ?? 0, skipped);
}
