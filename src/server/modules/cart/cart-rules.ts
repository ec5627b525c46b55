import { cartKind, mixingRefusal } from '@/shared/cart-rules';
import { cartRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';
import type { PricedItem } from '../catalog/price-cart-item';
import type { CartContents } from './cart-access';

/**
 * Refuses an item the cart cannot take: groceries beside kitchen dishes (either way), dishes from a
 * second kitchen, or groceries from a second warehouse.
 */
export function assertFits(contents: CartContents[], item: PricedItem): void {
  const mixing = mixingRefusal(cartKind(contents.map((line) => line.itemType)), item.itemType);
  if (mixing) throw new AppError({ kind: 'CONFLICT', code: 'CART_KIND_MISMATCH', message: mixing });
  const first = contents[0];
  if (!first) return;
  if (item.itemType === 'cloud_kitchen') {
    if (first.cloudKitchenId !== item.cloudKitchenId) throw new AppError({ kind: 'CONFLICT', code: 'CART_KITCHEN_MISMATCH', message: cartRefusals.otherKitchen });
  } else if (first.warehouseId !== item.warehouseId) {
    throw new AppError({ kind: 'CONFLICT', code: 'CART_WAREHOUSE_MISMATCH', message: cartRefusals.otherWarehouse });
  }
}
