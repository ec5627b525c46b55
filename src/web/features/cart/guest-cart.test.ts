import { describe, expect, it } from 'vitest';
import type { GuestCartItem } from '@/shared/contracts/cart';
import { toInput, withGuestItem, withGuestQuantity } from './guest-cart';

const warehouseId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const bundleId = '33333333-3333-4333-8333-333333333333';
let counter = 0;
const newId = () => `id-${++counter}`;

describe('guest cart', () => {
  it('adds lines in the groc_cart format and increases an existing line', () => {
    let items: GuestCartItem[] = [];
    items = withGuestItem(items, { itemType: 'product', productId, warehouseId, quantity: 2 }, warehouseId, newId);
    items = withGuestItem(items, { itemType: 'bundle', bundleId, warehouseId, quantity: 1 }, warehouseId, newId);
    items = withGuestItem(items, { itemType: 'product', productId, warehouseId, quantity: 1 }, warehouseId, newId);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ cart_id: 'local', product_id: productId, item_type: 'product', quantity: 3, warehouse_id: warehouseId });
    expect(items[1]).toMatchObject({ bundle_id: bundleId, item_type: 'bundle', quantity: 1 });
    expect(toInput(items[1]!)).toEqual({ id: items[1]!.id, itemType: 'bundle', bundleId, warehouseId, quantity: 1 });
  });

  it('removes a line whose quantity drops to zero or less', () => {
    const items = withGuestItem([], { itemType: 'product', productId, warehouseId, quantity: 1 }, warehouseId, newId);
    expect(withGuestQuantity(items, items[0]!.id, 4)[0]!.quantity).toBe(4);
    expect(withGuestQuantity(items, items[0]!.id, 0)).toEqual([]);
    expect(withGuestQuantity(items, items[0]!.id, -2)).toEqual([]);
  });
});
