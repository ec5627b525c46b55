import { copy } from './copy';
import type { CartItemInput, CartItemType } from './contracts/cart';

export type CartKind = 'grocery' | 'cloud_kitchen';

/** The most of one item a cart line may hold, whatever the stock (ADR 006). */
export const MAX_LINE_QUANTITY = 99;

/** The refusal of a line quantity above the cap: the same code and message for guests and customers. */
export const quantityLimit = {
  code: 'QUANTITY_LIMIT',
  message: copy.cart.quantityLimit,
} as const;

/** The cap's refusal for a line that would hold `quantity`, or null when it may. */
export function quantityRefusal(quantity: number): string | null {
  return quantity > MAX_LINE_QUANTITY ? quantityLimit.message : null;
}

/** The most a line can hold: what the stock allows, never above the cap. */
export function lineMaximum(stockMaximum: number): number {
  return Math.max(0, Math.min(stockMaximum, MAX_LINE_QUANTITY));
}

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

/**
 * The item reference rule: a line is exactly one thing, named by the field of its type. (A BOGO line
 * also carries the offer's product, which the server fills in; it never names the line.)
 */
export const refField = {
  product: 'productId',
  bundle: 'bundleId',
  bogo: 'bogoOfferId',
  cloud_kitchen: 'cloudKitchenProductId',
} as const satisfies Record<CartItemType, string>;

export type RefField = (typeof refField)[CartItemType];

/** Anything that names an item: an add input, a cart line, a stored line. */
export type ItemRefFields = { itemType: CartItemType } & Partial<Record<RefField, string | null | undefined>>;

/** The id of the one thing an item is. */
export function refOf(item: ItemRefFields): string {
  return item[refField[item.itemType]] ?? '';
}

/** Whether two items are the same thing (and so belong on one line). */
export function sameItem(a: ItemRefFields, b: ItemRefFields): boolean {
  return a.itemType === b.itemType && refOf(a) === refOf(b);
}

/** A line as far as it says what it holds and where from. */
export type LineRef = ItemRefFields & { warehouseId?: string | null };

/**
 * The add-item input a line stands for, at a quantity; null when the line breaks the item reference
 * rule (its type's field missing, or another item's field set).
 */
export function lineInput(line: LineRef, quantity: number): CartItemInput | null {
  const ref = refOf(line);
  if (!ref) return null;
  for (const [type, field] of Object.entries(refField)) {
    // A BOGO line's product is the offer's, not a second reference.
    const allowed = type === line.itemType || (line.itemType === 'bogo' && field === 'productId');
    if (!allowed && line[field]) return null;
  }
  if (line.itemType === 'cloud_kitchen') return { itemType: 'cloud_kitchen', cloudKitchenProductId: ref, quantity };
  if (!line.warehouseId) return null;
  const warehouseId = line.warehouseId;
  switch (line.itemType) {
    case 'product':
      return { itemType: 'product', productId: ref, warehouseId, quantity };
    case 'bundle':
      return { itemType: 'bundle', bundleId: ref, warehouseId, quantity };
    case 'bogo':
      return { itemType: 'bogo', bogoOfferId: ref, warehouseId, quantity };
  }
}
