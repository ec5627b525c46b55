import { sql } from 'drizzle-orm';
import type { Cart, CartItemInput } from '@/shared/contracts/cart';
import { queryRows, type Db } from '../../db/client';
import { assertInStock, priceCartItem, type PricedItem } from '../catalog/price-cart-item';
import { cartContents, lockCart } from './cart-access';
import { assertFits } from './cart-rules';
import { cartItems } from './cart.tables';
import { loadCart } from './load-cart';

function refOf(item: CartItemInput): string {
  switch (item.itemType) {
    case 'product':
      return item.productId;
    case 'bundle':
      return item.bundleId;
    case 'bogo':
      return item.bogoOfferId;
    case 'cloud_kitchen':
      return item.cloudKitchenProductId;
  }
}

/** Writes a priced line, replacing the quantity and prices of the same item's line if there is one. */
export async function upsertLine(tx: Db, cartId: string, priced: PricedItem) {
  await tx
    .insert(cartItems)
    .values({
      cartId,
      itemType: priced.itemType,
      productId: priced.productId,
      bundleId: priced.bundleId,
      bogoOfferId: priced.bogoOfferId,
      cloudKitchenProductId: priced.cloudKitchenProductId,
      warehouseId: priced.warehouseId,
      quantity: priced.quantity,
      unitPrice: priced.unitPrice,
      originalPrice: priced.originalPrice,
    })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.itemType, cartItems.itemRef],
      set: {
        quantity: priced.quantity,
        unitPrice: priced.unitPrice,
        originalPrice: priced.originalPrice,
        updatedAt: new Date(),
      },
    });
}

/** The quantity of the same item already in the cart (0 when none). */
export async function quantityInCart(tx: Db, cartId: string, item: CartItemInput): Promise<number> {
  const [line] = await queryRows<{ quantity: number }>(
    tx,
    sql`select quantity from cart_items where cart_id = ${cartId} and item_type = ${item.itemType} and item_ref = ${refOf(item)}`,
  );
  return line?.quantity ?? 0;
}

/**
 * Adds an item to the customer's cart; adding an item already there increases its quantity and
 * re-prices the line from the original price for the new quantity.
 */
export async function addCartItem(options: { db: Db; profileId: string; item: CartItemInput }): Promise<Cart> {
  const { db, profileId, item } = options;
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    const quantity = (await quantityInCart(tx, cartId, item)) + item.quantity;
    const priced = await priceCartItem({ db: tx, item: { ...item, quantity }, checkStock: false });
    assertFits(await cartContents(tx, cartId), priced);
    assertInStock(priced);
    await upsertLine(tx, cartId, priced);
    return loadCart({ db: tx, cartId });
  });
}
