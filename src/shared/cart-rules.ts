import { copy } from './copy';
import type { CartItemType } from './contracts/cart';

export type CartKind = 'grocery' | 'cloud_kitchen';

export function kindOf(itemType: CartItemType): CartKind {
  return itemType === 'cloud_kitchen' ? 'cloud_kitchen' : 'grocery';
}

/** The kind of a cart from its lines; null when empty. */
export function cartKind(itemTypes: readonly CartItemType[]): CartKind | null {
  const first = itemTypes[0];
  return first ? kindOf(first) : null;
}

/**
 * A cart holds grocery items or cloud kitchen dishes, never both.
 * Returns the refusal message for adding `itemType` to a cart of `current` kind, or null when allowed.
 */
export function mixingRefusal(current: CartKind | null, itemType: CartItemType): string | null {
  const adding = kindOf(itemType);
  if (current === null || current === adding) return null;
  return adding === 'grocery' ? copy.cart.kitchenItemsBlockGrocery : copy.cart.groceryItemsBlockKitchen;
}
