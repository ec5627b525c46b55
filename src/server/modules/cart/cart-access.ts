import { eq, sql } from 'drizzle-orm';
import { copy } from '@/shared/copy';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { carts } from './cart.tables';

/**
 * The customer's cart, created on first use and locked for the rest of the transaction,
 * so concurrent changes to one cart run one after another.
 */
export async function lockCart(tx: Db, profileId: string): Promise<string> {
  await tx.insert(carts).values({ profileId }).onConflictDoNothing({ target: carts.profileId });
  const [cart] = await queryRows<{ id: string }>(tx, sql`select id from carts where profile_id = ${profileId} for update`);
  if (!cart) throw new AppError('INTERNAL', copy.cart.notInitialized);
  return cart.id;
}

export async function findCartId(db: Db, profileId: string): Promise<string | undefined> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.profileId, profileId));
  return cart?.id;
}

export interface CartContents {
  itemType: 'product' | 'bundle' | 'bogo' | 'cloud_kitchen';
  warehouseId: string;
  cloudKitchenId: string | null;
}

/** What the cart already holds, for the mixing rules. */
export async function cartContents(tx: Db, cartId: string): Promise<CartContents[]> {
  return queryRows<CartContents>(
    tx,
    sql`select ci.item_type as "itemType", ci.warehouse_id as "warehouseId", d.cloud_kitchen_id as "cloudKitchenId"
        from cart_items ci left join cloud_kitchen_products d on d.id = ci.cloud_kitchen_product_id
        where ci.cart_id = ${cartId}`,
  );
}
