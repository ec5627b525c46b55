import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';

const deleteLines = preparedQuery<{ cartId: string }, unknown>('empty_cart_lines', ({ cartId }) => sql`delete from cart_items where cart_id = ${cartId}`);

/** Empties a cart inside the caller's transaction: an order placed from it has taken its lines. */
export async function emptyCartLines(tx: Db, cartId: string): Promise<void> {
  await deleteLines(tx, { cartId });
}
