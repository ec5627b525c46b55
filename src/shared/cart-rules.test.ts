import { describe, expect, it } from 'vitest';
import { cartKind, kindOf, mixingRefusal } from './cart-rules';
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
