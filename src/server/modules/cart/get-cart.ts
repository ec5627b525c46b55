import type { Cart } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { carts } from './cart.tables';
import { cartOwner, findCart } from './cart-access';
import { loadCart, toCart } from './load-cart';

/** The customer's cart; a customer who never added anything has an empty one. */
export async function getCart(options: { db: Db; viewer: Viewer | undefined }): Promise<Cart> {
  const { cartId, lines } = await findCart(options.db, cartOwner(options.viewer));
  return cartId ? loadCart({ db: options.db, cartId, lines }) : toCart('', []);
}

/** Creates the customer's cart; there is one per customer, so a second is refused. */
export async function createCart(options: { db: Db; viewer: Viewer | undefined }): Promise<Cart> {
  const [created] = await options.db
    .insert(carts)
    .values({ profileId: cartOwner(options.viewer) })
    .onConflictDoNothing({ target: carts.profileId })
    .returning({ id: carts.id });
  if (!created) throw new AppError({ kind: 'CONFLICT', code: 'CART_EXISTS', message: 'You already have a cart.' });
  return toCart(created.id, []);
}
