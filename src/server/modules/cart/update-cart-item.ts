import { and, eq } from 'drizzle-orm';
import type { Cart } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { priceCartItem } from '../catalog/price-cart-item';
import { lockCart } from './cart-access';
import { cartItems } from './cart.tables';
import { lineInput } from './line-input';
import { loadCart } from './load-cart';
import { upsertLine } from './add-cart-item';

async function ownLine(tx: Db, cartId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId)));
  // Another customer's line is indistinguishable from one that does not exist.
  if (!line) throw new AppError({ kind: 'NOT_FOUND', message: 'This item is not in your cart.' });
  return line;
}

/** Sets a line's quantity and re-prices it; zero or less removes the line. */
export async function updateCartItem(options: { db: Db; profileId: string; lineId: string; quantity: number }): Promise<Cart> {
  const { db, profileId, lineId, quantity } = options;
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    const line = await ownLine(tx, cartId, lineId);
    if (quantity <= 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    } else {
      const priced = await priceCartItem({ db: tx, item: lineInput(line, quantity) });
      await upsertLine(tx, cartId, priced);
    }
    return loadCart({ db: tx, cartId });
  });
}

export async function removeCartItem(options: { db: Db; profileId: string; lineId: string }): Promise<Cart> {
  const { db, profileId, lineId } = options;
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    const line = await ownLine(tx, cartId, lineId);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return loadCart({ db: tx, cartId });
  });
}

export async function clearCart(options: { db: Db; profileId: string }): Promise<Cart> {
  return options.db.transaction(async (tx) => {
    const cartId = await lockCart(tx, options.profileId);
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    return loadCart({ db: tx, cartId });
  });
}
