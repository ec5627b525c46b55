import { cartKind, mixingRefusal, quantityLimit, quantityRefusal } from '@/shared/cart-rules';
import type { CartItemType } from '@/shared/contracts/cart';
import { cartRefusals, stockRefusal } from '@/shared/copy';
import { AppError } from '../../lib/errors';

/** What the mixing rules need to know of a line. */
export interface LinePlace {
  itemType: CartItemType;
  warehouseId: string;
  cloudKitchenId: string | null;
}

/**
 * Why the cart cannot take an item: groceries beside kitchen dishes (either way), dishes from a
 * second kitchen, or groceries from a second warehouse; null when it can.
 */
export function fitRefusal(lines: readonly LinePlace[], item: LinePlace): AppError | null {
  const mixing = mixingRefusal(cartKind(lines.map((line) => line.itemType)), item.itemType);
  if (mixing) return new AppError({ kind: 'CONFLICT', code: 'CART_KIND_MISMATCH', message: mixing });
  const first = lines[0];
  if (!first) return null;
  if (item.itemType === 'cloud_kitchen') {
    if (first.cloudKitchenId !== item.cloudKitchenId) return new AppError({ kind: 'CONFLICT', code: 'CART_KITCHEN_MISMATCH', message: cartRefusals.otherKitchen });
  } else if (first.warehouseId !== item.warehouseId) {
    return new AppError({ kind: 'CONFLICT', code: 'CART_WAREHOUSE_MISMATCH', message: cartRefusals.otherWarehouse });
  }
  return null;
}

/** The cap (shared with the web): refused at the quantity field, for an add, an update or a merge alike. */
export function assertWithinCap(quantity: number): void {
  const message = quantityRefusal(quantity);
  if (message) throw new AppError({ kind: 'VALIDATION_FAILED', code: quantityLimit.code, message, fields: { quantity: message } });
}

/** A quantity beyond what the line can hold (the stock, below the cap) is refused at the quantity field. */
export function assertInStock(quantity: number, maxQuantity: number): void {
  if (quantity <= maxQuantity) return;
  const message = stockRefusal(maxQuantity);
  throw new AppError({ kind: 'CONFLICT', code: 'INSUFFICIENT_STOCK', message, fields: { quantity: message } });
}
