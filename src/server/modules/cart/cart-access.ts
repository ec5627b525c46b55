import { eq, sql } from 'drizzle-orm';
import { copy } from '@/shared/copy';
import { preparedRows, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { carts } from './cart.tables';

/**
 * The customer's cart, created on first use and locked for the rest of the transaction,
 * so concurrent changes to one cart run one after another.
 */
export async function lockCart(tx: Db, profileId: string): Promise<string> {
  // An upsert that always updates takes the row lock whether the cart is new or not, in one statement.
  const [cart] = await preparedRows<{ id: string }>(
    tx,
    'lock_cart',
    sql`insert into carts (profile_id) values (${profileId})
        on conflict (profile_id) do update set updated_at = now()
        returning id`,
  );
  if (!cart) throw new AppError({ kind: 'INTERNAL', message: copy.cart.notInitialized });
  return cart.id;
}

export async function findCartId(db: Db, profileId: string): Promise<string | undefined> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.profileId, profileId));
  return cart?.id;
}

export interface CartContents {
  itemType: 'product' | 'bundle' | 'bogo' | 'cloud_kitchen';
  itemRef: string;
  quantity: number;
  warehouseId: string;
  cloudKitchenId: string | null;
}

/** What the cart already holds: for the mixing rules and for adding to an existing line. */
export async function cartContents(tx: Db, cartId: string): Promise<CartContents[]> {
  return preparedRows<CartContents>(
    tx,
    'cart_contents',
    sql`select ci.item_type as "itemType", ci.item_ref as "itemRef", ci.quantity, ci.warehouse_id as "warehouseId",
          d.cloud_kitchen_id as "cloudKitchenId"
        from cart_items ci left join cloud_kitchen_products d on d.id = ci.cloud_kitchen_product_id
        where ci.cart_id = ${cartId}`,
  );
}

/** The quantity of an item already in the cart (0 when none). */
export function quantityOf(contents: CartContents[], itemType: CartContents['itemType'], itemRef: string): number {
  return contents.find((line) => line.itemType === itemType && line.itemRef === itemRef)?.quantity ?? 0;
}
