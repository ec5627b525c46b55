import { and, eq } from 'drizzle-orm';
import type { Cart } from '@/shared/contracts/cart';
import { lineInput } from '@/shared/cart-rules';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cartOwner, lockCart, lockCartLines, type StoredLine } from './cart-access';
import { putLine } from './add-cart-item';
import { assertWithinCap } from './cart-rules';
import { cartItems } from './cart.tables';
import { loadCart } from './load-cart';

function ownLine(lines: StoredLine[], lineId: string): StoredLine {
  const line = lines.find((candidate) => candidate.id === lineId);
  // Another customer's line is indistinguishable from one that does not exist.
  if (!line) throw new AppError({ kind: 'NOT_FOUND', message: 'This item is not in your cart.' });
  return line;
}

async function deleteLine(tx: Db, cartId: string, lines: StoredLine[], line: StoredLine): Promise<Cart> {
  await tx.delete(cartItems).where(and(eq(cartItems.id, line.id), eq(cartItems.cartId, cartId)));
  return loadCart({ db: tx, cartId, lines: lines.filter((candidate) => candidate !== line) });
}

/** Sets a line's quantity and re-prices it; zero or less removes the line. */
export async function updateCartItem(options: { db: Db; viewer: Viewer | undefined; lineId: string; quantity: number }): Promise<Cart> {
  const profileId = cartOwner(options.viewer);
  const { lineId, quantity } = options;
  assertWithinCap(quantity);
  return options.db.transaction(async (tx) => {
    const { cartId, lines } = await lockCartLines(tx, profileId);
    const line = ownLine(lines, lineId);
    if (quantity <= 0) return deleteLine(tx, cartId, lines, line);
    const item = lineInput(line, quantity);
    if (!item) throw new AppError({ kind: 'INTERNAL', message: 'A cart line names no item.' });
    return putLine(tx, cartId, lines, item);
  });
}

export async function removeCartItem(options: { db: Db; viewer: Viewer | undefined; lineId: string }): Promise<Cart> {
  const profileId = cartOwner(options.viewer);
  return options.db.transaction(async (tx) => {
    const { cartId, lines } = await lockCartLines(tx, profileId);
    return deleteLine(tx, cartId, lines, ownLine(lines, options.lineId));
  });
}

export async function clearCart(options: { db: Db; viewer: Viewer | undefined }): Promise<Cart> {
  const profileId = cartOwner(options.viewer);
  return options.db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    return loadCart({ db: tx, cartId, lines: [] });
  });
}
