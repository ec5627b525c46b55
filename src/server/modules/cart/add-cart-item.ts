import type { Cart, CartItemInput } from '@/shared/contracts/cart';
import type { Db } from '../../db/client';
import { assertInStock, priceCartItem, type PricedItem } from '../catalog/price-cart-item';
import { cartContents, lockCart, quantityOf } from './cart-access';
import { assertFits } from './cart-rules';
import { cartItems } from './cart.tables';
import { loadCart } from './load-cart';

export function refOf(item: CartItemInput): string {
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

/**
 * Adds an item to the customer's cart; adding an item already there increases its quantity and
 * re-prices the line from the original price for the new quantity.
 */
export async function addCartItem(options: { db: Db; profileId: string; item: CartItemInput }): Promise<Cart> {
  const { db, profileId, item } = options;
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, profileId);
    const contents = await cartContents(tx, cartId);
    const quantity = quantityOf(contents, item.itemType, refOf(item)) + item.quantity;
    const priced = await priceCartItem({ db: tx, item: { ...item, quantity }, checkStock: false });
    assertFits(contents, priced);
    assertInStock(priced);
    await upsertLine(tx, cartId, priced);
    return loadCart({ db: tx, cartId });
  });
}
