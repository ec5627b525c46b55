import { afterEach, describe, expect, it } from 'vitest';
import type { GuestCartItem } from '@/shared/contracts/cart';
import { guestCartStore, readGuestLines, toInput, withGuestItem, withGuestQuantity } from './guest-cart';

const warehouseId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const bundleId = '33333333-3333-4333-8333-333333333333';
const dishId = '44444444-4444-4444-8444-444444444444';
const otherProductId = '55555555-5555-4555-8555-555555555555';
let counter = 0;
const newId = () => `id-${++counter}`;

const stored = (line: Record<string, unknown>) => ({
  id: newId(),
  cart_id: 'local',
  product_id: null,
  bundle_id: null,
  bogo_offer_id: null,
  cloud_kitchen_product_id: null,
  warehouse_id: warehouseId,
  quantity: 1,
  unit_price: 49,
  item_type: 'product',
  ...line,
});

describe('guest cart', () => {
  afterEach(() => localStorage.clear());

  it('adds lines in the groc_cart format and increases an existing line', () => {
    let items: GuestCartItem[] = [];
    items = withGuestItem(items, { itemType: 'product', productId, warehouseId, quantity: 2 }, newId);
    items = withGuestItem(items, { itemType: 'bundle', bundleId, warehouseId, quantity: 1 }, newId);
    items = withGuestItem(items, { itemType: 'product', productId, warehouseId, quantity: 1 }, newId);
    items = withGuestItem(items, { itemType: 'cloud_kitchen', cloudKitchenProductId: dishId, quantity: 1 }, newId);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ cart_id: 'local', product_id: productId, item_type: 'product', quantity: 3, warehouse_id: warehouseId });
    expect(items[1]).toMatchObject({ bundle_id: bundleId, product_id: null, item_type: 'bundle', quantity: 1 });
    expect(items[2]).toMatchObject({ cloud_kitchen_product_id: dishId, warehouse_id: null });
    expect(toInput(items[1]!)).toEqual({ id: items[1]!.id, itemType: 'bundle', bundleId, warehouseId, quantity: 1 });
    expect(toInput(items[2]!)).toEqual({ id: items[2]!.id, itemType: 'cloud_kitchen', cloudKitchenProductId: dishId, quantity: 1 });
    // What is written reads back the same.
    guestCartStore.write(items);
    expect(readGuestLines(JSON.parse(localStorage.getItem('groc_cart')!))).toEqual(items);
  });

  it('removes a line whose quantity drops to zero or less', () => {
    const items = withGuestItem([], { itemType: 'product', productId, warehouseId, quantity: 1 }, newId);
    expect(withGuestQuantity(items, items[0]!.id, 4)[0]!.quantity).toBe(4);
    expect(withGuestQuantity(items, items[0]!.id, 0)).toEqual([]);
    expect(withGuestQuantity(items, items[0]!.id, -2)).toEqual([]);
  });

  it('reads a stored cart line by line: one bad line no longer loses the others, and stored prices are ignored', () => {
    const good = stored({ product_id: productId, quantity: 2 });
    const editedPrice = stored({ product_id: otherProductId, unit_price: 0.01 });
    const dishFromOlderVersion = stored({ item_type: 'cloud_kitchen', cloud_kitchen_product_id: dishId, warehouse_id: '', unit_price: '12.99' });
    localStorage.setItem(
      'groc_cart',
      JSON.stringify([
        good,
        editedPrice,
        dishFromOlderVersion,
        stored({ product_id: productId, bundle_id: bundleId }), // two items on one line
        stored({ item_type: 'gift', product_id: productId }),
        stored({ item_type: 'bundle' }), // no item at all
        'not a line',
        null,
      ]),
    );
    const lines = guestCartStore.read();
    expect(lines.map((line) => line.id)).toEqual([good.id, editedPrice.id, dishFromOlderVersion.id]);
    expect(lines.every((line) => !('unit_price' in line))).toBe(true);
    expect(lines.map(toInput)).toEqual([
      { id: good.id, itemType: 'product', productId, warehouseId, quantity: 2 },
      { id: editedPrice.id, itemType: 'product', productId: otherProductId, warehouseId, quantity: 1 },
      { id: dishFromOlderVersion.id, itemType: 'cloud_kitchen', cloudKitchenProductId: dishId, quantity: 1 },
    ]);
  });

  it('reads lines of one item as one line, and never more than the cap', () => {
    const first = stored({ product_id: productId, quantity: 60 });
    const lines = readGuestLines([first, stored({ product_id: productId, quantity: 60 }), stored({ bundle_id: bundleId, item_type: 'bundle', quantity: 100 })]);
    expect(lines.map((line) => [line.id, line.quantity])).toEqual([
      [first.id, 99],
      [expect.any(String), 99],
    ]);
    expect(readGuestLines({ not: 'an array' })).toEqual([]);
  });
});
