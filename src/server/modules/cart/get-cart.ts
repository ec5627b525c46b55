import type { Cart } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { carts } from './cart.tables';
import { findCartId } from './cart-access';
import { loadCart, toCart } from './load-cart';

/** The customer's cart; a customer who never added anything has an empty one. */
export async function getCart(options: { db: Db; profileId: string }): Promise<Cart> {
  const cartId = await findCartId(options.db, options.profileId);
  return cartId ? loadCart({ db: options.db, cartId }) : toCart('', [], 0);
}

/** Creates the customer's cart; there is one per customer, so a second is refused. */
export async function createCart(options: { db: Db; profileId: string }): Promise<Cart> {
  const [created] = await options.db
    .insert(carts)
    .values({ profileId: options.profileId })
    .onConflictDoNothing({ target: carts.profileId })
    .returning({ id: carts.id });
  if (!created) throw new AppError({ kind: 'CONFLICT', code: 'CART_EXISTS', message: 'You already have a cart.' });
  return loadCart({ db: options.db, cartId: created.id });
}
