import { describe, expect, it } from 'vitest';
import { cartKind, kindOf, lineInput, lineMaximum, MAX_LINE_QUANTITY, mixingRefusal, quantityLimit, quantityRefusal, refOf, sameItem } from './cart-rules';
import { copy } from './copy';

describe('the mixing rule', () => {
  it('sorts items into groceries and kitchen dishes', () => {
    expect(['product', 'bundle', 'bogo'].map((type) => kindOf(type as 'product'))).toEqual(['grocery', 'grocery', 'grocery']);
    expect(kindOf('cloud_kitchen')).toBe('cloud_kitchen');
    expect(cartKind([])).toBeNull();
    expect(cartKind(['bundle', 'product'])).toBe('grocery');
  });

  it('lets an empty cart or a cart of the same kind take an item', () => {
    expect(mixingRefusal(null, 'cloud_kitchen')).toBeNull();
    expect(mixingRefusal('grocery', 'bogo')).toBeNull();
    expect(mixingRefusal('cloud_kitchen', 'cloud_kitchen')).toBeNull();
  });

  it('refuses mixing with the exact messages', () => {
    expect(mixingRefusal('cloud_kitchen', 'product')).toBe(copy.cart.kitchenItemsBlockGrocery);
    expect(mixingRefusal('cloud_kitchen', 'bundle')).toBe(
      'You have cloud kitchen items in your cart. Please clear your cart to add grocery items.',
    );
    expect(mixingRefusal('grocery', 'cloud_kitchen')).toBe(
      'You have grocery items in your cart. Please clear your cart to order from cloud kitchen.',
    );
  });
});

describe('the cap', () => {
  it('lets a line hold up to 99 and refuses more with one message', () => {
    expect(MAX_LINE_QUANTITY).toBe(99);
    expect(quantityRefusal(99)).toBeNull();
    expect(quantityRefusal(100)).toBe('You can have at most 99 of an item in your cart.');
    expect(quantityLimit).toEqual({ code: 'QUANTITY_LIMIT', message: copy.cart.quantityLimit });
  });

  it('limits every line to the stock and never above the cap', () => {
    expect(lineMaximum(3)).toBe(3);
    expect(lineMaximum(100)).toBe(99);
    expect(lineMaximum(Number.POSITIVE_INFINITY)).toBe(99);
    expect(lineMaximum(-1)).toBe(0);
  });
});

describe('the item reference rule', () => {
  const warehouseId = '11111111-1111-4111-8111-111111111111';
  const productId = '22222222-2222-4222-8222-222222222222';
  const offerId = '33333333-3333-4333-8333-333333333333';

  it('names a line by the field of its type', () => {
    expect(refOf({ itemType: 'bogo', productId, bogoOfferId: offerId })).toBe(offerId);
    expect(refOf({ itemType: 'product', productId })).toBe(productId);
    expect(sameItem({ itemType: 'bogo', productId, bogoOfferId: offerId }, { itemType: 'product', productId })).toBe(false);
    expect(sameItem({ itemType: 'product', productId, warehouseId } as never, { itemType: 'product', productId })).toBe(true);
  });

  it('maps a line to the input that stands for it, at a quantity', () => {
    expect(lineInput({ itemType: 'bogo', productId, bogoOfferId: offerId, bundleId: null, cloudKitchenProductId: null, warehouseId }, 2)).toEqual({
      itemType: 'bogo',
      bogoOfferId: offerId,
      warehouseId,
      quantity: 2,
    });
    expect(lineInput({ itemType: 'cloud_kitchen', cloudKitchenProductId: productId, warehouseId: null }, 1)).toEqual({
      itemType: 'cloud_kitchen',
      cloudKitchenProductId: productId,
      quantity: 1,
    });
  });

  it('refuses a line that is not exactly one item', () => {
    expect(lineInput({ itemType: 'product', productId: null, warehouseId }, 1)).toBeNull();
    expect(lineInput({ itemType: 'product', productId, bundleId: offerId, warehouseId }, 1)).toBeNull();
    expect(lineInput({ itemType: 'bundle', bundleId: offerId, productId, warehouseId }, 1)).toBeNull();
    // Groceries come from a warehouse.
    expect(lineInput({ itemType: 'product', productId }, 1)).toBeNull();
  });
});
