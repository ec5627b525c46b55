import { z } from 'zod';
import { guestCartItem, type CartItemInput, type GuestCartItem } from '@/shared/contracts/cart';
import { createLocalStore } from '@/web/lib/local-store';

/** A guest's cart lives in the browser under 'groc_cart' until they sign in. */
export const guestCartStore = createLocalStore<GuestCartItem[]>('groc_cart', z.array(guestCartItem), []);

export function refOfGuestItem(item: GuestCartItem): string | null | undefined {
  return item.bogo_offer_id ?? item.bundle_id ?? item.cloud_kitchen_product_id ?? item.product_id;
}

export function refOfInput(input: CartItemInput): string {
  switch (input.itemType) {
    case 'product':
      return input.productId;
    case 'bundle':
      return input.bundleId;
    case 'bogo':
      return input.bogoOfferId;
    case 'cloud_kitchen':
      return input.cloudKitchenProductId;
  }
}

/** The add-item input a stored guest line stands for. */
export function toInput(item: GuestCartItem): CartItemInput & { id: string } {
  const base = { id: item.id, quantity: item.quantity };
  switch (item.item_type) {
    case 'product':
      return { ...base, itemType: 'product', productId: item.product_id!, warehouseId: item.warehouse_id };
    case 'bundle':
      return { ...base, itemType: 'bundle', bundleId: item.bundle_id!, warehouseId: item.warehouse_id };
    case 'bogo':
      return { ...base, itemType: 'bogo', bogoOfferId: item.bogo_offer_id!, warehouseId: item.warehouse_id };
    case 'cloud_kitchen':
      return { ...base, itemType: 'cloud_kitchen', cloudKitchenProductId: item.cloud_kitchen_product_id! };
  }
}

/** Adds to the guest cart; the same item again increases its quantity. Prices are filled in by the server's quote. */
export function withGuestItem(items: GuestCartItem[], input: CartItemInput, warehouseId: string, newId: () => string): GuestCartItem[] {
  const ref = refOfInput(input);
  const existing = items.find((item) => item.item_type === input.itemType && refOfGuestItem(item) === ref);
  if (existing) {
    return items.map((item) => (item === existing ? { ...item, quantity: item.quantity + input.quantity } : item));
  }
  const added: GuestCartItem = {
    id: newId(),
    cart_id: 'local',
    product_id: input.itemType === 'product' ? input.productId : null,
    bundle_id: input.itemType === 'bundle' ? input.bundleId : null,
    bogo_offer_id: input.itemType === 'bogo' ? input.bogoOfferId : null,
    cloud_kitchen_product_id: input.itemType === 'cloud_kitchen' ? input.cloudKitchenProductId : null,
    warehouse_id: warehouseId,
    quantity: input.quantity,
    unit_price: 0,
    item_type: input.itemType,
  };
  return [...items, added];
}

/** Sets a guest line's quantity; zero or less removes it. */
export function withGuestQuantity(items: GuestCartItem[], id: string, quantity: number): GuestCartItem[] {
  return quantity <= 0 ? items.filter((item) => item.id !== id) : items.map((item) => (item.id === id ? { ...item, quantity } : item));
}
