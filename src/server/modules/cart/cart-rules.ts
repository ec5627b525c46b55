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
  if (mixing) throw new AppError('CONFLICT', mixing, undefined, 'CART_KIND_MISMATCH');
  const first = contents[0];
  if (!first) return;
  if (item.itemType === 'cloud_kitchen') {
    if (first.cloudKitchenId !== item.cloudKitchenId) throw new AppError('CONFLICT', cartRefusals.otherKitchen, undefined, 'CART_KITCHEN_MISMATCH');
  } else if (first.warehouseId !== item.warehouseId) {
    throw new AppError('CONFLICT', cartRefusals.otherWarehouse, undefined, 'CART_WAREHOUSE_MISMATCH');
  }
}
