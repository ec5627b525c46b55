import type { CartItemInput, CartLine } from '@/shared/contracts/cart';

type LineRef = Pick<CartLine, 'itemType' | 'productId' | 'bundleId' | 'bogoOfferId' | 'cloudKitchenProductId' | 'warehouseId'>;

/** The add-item input that describes an existing line, at a new quantity. */
export function lineInput(line: LineRef, quantity: number): CartItemInput {
  switch (line.itemType) {
    case 'product':
      return { itemType: 'product', productId: line.productId!, warehouseId: line.warehouseId, quantity };
    case 'bundle':
      return { itemType: 'bundle', bundleId: line.bundleId!, warehouseId: line.warehouseId, quantity };
    case 'bogo':
      return { itemType: 'bogo', bogoOfferId: line.bogoOfferId!, warehouseId: line.warehouseId, quantity };
    case 'cloud_kitchen':
      return { itemType: 'cloud_kitchen', cloudKitchenProductId: line.cloudKitchenProductId!, quantity };
  }
}
