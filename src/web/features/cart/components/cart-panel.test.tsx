import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aGuestLine, aProduct, georgetownId, jerseyCityId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { CartPanel } from './cart-panel';
import { NoCartNotice } from './no-cart-notice';

let api: FakeApi;

describe('CartPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
  });
  afterEach(() => localStorage.clear());

  it('shows every line the server took, says which one it dropped, and shows the cap where it stops "+"', async () => {
    const bananas = aProduct(10, { name: 'Bananas', price: 49, stockQuantity: 500 });
    // Sold in Jersey City only: the guest's line asks for it from Georgetown.
    const dragonFruit = aProduct(11, { name: 'Dragon Fruit', warehouseId: jerseyCityId });
    const apples = aProduct(12, { name: 'Gala Apples', price: 49 });
    api.data.products.push(bananas, dragonFruit, apples);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 99), aGuestLine('b', { ...dragonFruit, warehouseId: georgetownId }, 1), aGuestLine('c', apples, 2)]));
    renderApp(<CartPanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: copy.header.cart }));

    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Bananas', 'Gala Apples']);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(copy.cart.notKeptTitle);
    expect(notice).toHaveTextContent('Dragon Fruit was removed: This item is not available.');

    const increase = screen.getByRole('button', { name: 'Increase quantity of Bananas' });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription('Max 99');
    expect(screen.getByRole('button', { name: 'Increase quantity of Gala Apples' })).toBeEnabled();
    expect(api.requestsTo('POST /api/cart/quote')[0]?.body).toEqual({
      items: [
        { id: 'a', itemType: 'product', productId: bananas.id, warehouseId: georgetownId, quantity: 99 },
        { id: 'b', itemType: 'product', productId: dragonFruit.id, warehouseId: georgetownId, quantity: 1 },
        { id: 'c', itemType: 'product', productId: apples.id, warehouseId: georgetownId, quantity: 2 },
      ],
    });
  });

  it('is not there for staff, who have no cart', async () => {
    // The kitchen menu shows both: the note stands where the cart would be.
    renderApp(
      <>
        <CartPanel />
        <NoCartNotice />
      </>,
      { api, user: 'manager' },
    );
    expect(await screen.findByRole('note')).toHaveTextContent(copy.cart.staffNoCart);
    expect(screen.queryByRole('button', { name: copy.header.cart })).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/api/cart'))).toEqual([]);
  });
});
