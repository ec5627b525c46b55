import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/shared/contracts/catalog';
import { copy } from '@/shared/copy';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aGuestLine, aProduct, jerseyCityId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { CartSync } from './cart-sync';
import { CartPanel } from './components/cart-panel';
import { NoCartNotice } from './components/no-cart-notice';
import { guestCartStore, guestNotices } from './guest-cart';

let api: FakeApi;
let bananas: ProductDetail;
let carrots: ProductDetail;

/** CartSync as the app mounts it, beside the header's cart button. */
const app = (
  <>
    <CartSync />
    <CartPanel />
  </>
);

async function openCart() {
  await userEvent.click(await screen.findByRole('button', { name: /^Cart(, \d+ items?)?$/ }));
}

describe('CartSync', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    bananas = aProduct(10, { name: 'Bananas', unit: '1 lb', price: 49, stockQuantity: 100 });
    carrots = aProduct(11, { name: 'Baby Carrots', unit: '1 lb', price: 149, stockQuantity: 3 });
    api.data.products.push(bananas, carrots);
  });
  afterEach(() => {
    localStorage.clear();
    guestNotices.clear();
  });

  it("moves a guest's browser cart into the customer's cart on sign-in and removes it", async () => {
    guestCartStore.write([aGuestLine('g1', bananas, 2)]);
    const { queryClient, user } = renderApp(app, { api, user: 'customer' });
    expect(await screen.findByText(copy.cart.migrated)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/cart/merge').map((request) => request.body)).toEqual([
      { items: [{ id: 'g1', itemType: 'product', productId: bananas.id, warehouseId: bananas.warehouseId, quantity: 2 }] },
    ]);
    expect(localStorage.getItem('groc_cart')).toBeNull();
    const merged = api.cartOf(user!);
    expect(merged.items).toEqual([expect.objectContaining({ productId: bananas.id, quantity: 2 })]);
    expect(queryClient.getQueryData(['cart'])).toEqual(merged);

    await openCart();
    const line = await screen.findByRole('listitem', { name: 'Bananas' });
    expect(within(line).getByLabelText('Quantity')).toHaveTextContent('2');
  });

  it('names the lines the cart could not take, and says nothing was moved when none was', async () => {
    const soldOut = aProduct(12, { name: 'Oat Milk', unit: '64 fl oz', price: 399, stockQuantity: 0 });
    api.data.products.push(soldOut);
    guestCartStore.write([aGuestLine('g1', soldOut, 1)]);
    renderApp(app, { api, user: 'customer' });
    expect(await screen.findByText(/^Oat Milk was removed/)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/cart/merge')).toHaveLength(1);
    expect(screen.queryByText(copy.cart.migrated)).not.toBeInTheDocument();
  });

  it('tries a failing merge once per sign-in and keeps the browser cart', async () => {
    guestCartStore.write([aGuestLine('g1', bananas, 2)]);
    api.on('POST /api/cart/merge', () => apiError(503, 'UNAVAILABLE', 'The service is busy.'));
    renderApp(app, { api, user: 'customer' });
    expect(await screen.findByText(copy.cart.loadError + 'The service is busy.')).toBeInTheDocument();
    // Time for the renders that follow a failure, which once sent the merge again and again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requestsTo('POST /api/cart/merge')).toHaveLength(1);
    expect(guestCartStore.read()).toHaveLength(1);
  });

  it('shows the merged cart even when the cart read before the merge answers after it', async () => {
    guestCartStore.write([aGuestLine('g1', bananas, 2)]);
    // The header reads the cart as soon as the customer is known, before the merge is sent; on a slow
    // network its answer, the cart without the guest's items, can arrive after the merge's.
    const staleRead = api.holdNext('GET /api/cart');
    const { queryClient, user } = renderApp(app, { api, user: 'customer' });
    expect(await screen.findByText(copy.cart.migrated)).toBeInTheDocument();
    expect((staleRead.answered() as { items: unknown[] }).items).toEqual([]);
    staleRead.release();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryClient.getQueryData(['cart'])).toEqual(api.cartOf(user!));
    await openCart();
    expect(await screen.findByRole('listitem', { name: 'Bananas' })).toBeInTheDocument();
  });

  it('migrates every line it can read when one stored line is broken, and names what the cart did not take', async () => {
    localStorage.setItem(
      'groc_cart',
      JSON.stringify([
        // A hand-edited price is ignored; a line naming no item cannot be read.
        { ...aGuestLine('g1', carrots, 5), unit_price: 0.01 },
        { ...aGuestLine('g2', bananas, 1), product_id: null, item_type: 'bundle' },
      ]),
    );
    renderApp(app, { api, user: 'customer' });
    expect(await screen.findByText(copy.cart.migrated)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/cart/merge').map((request) => request.body)).toEqual([
      { items: [{ id: 'g1', itemType: 'product', productId: carrots.id, warehouseId: carrots.warehouseId, quantity: 5 }] },
    ]);
    // Three carrots are in stock.
    expect(await screen.findByText('Baby Carrots was reduced to 3: Only 3 left in stock.')).toBeInTheDocument();
    expect(localStorage.getItem('groc_cart')).toBeNull();
  });

  it("keeps a guest's browser cart to what the server takes, and the cart still says which line was dropped", async () => {
    // Bananas are no longer sold by the warehouse the guest added them from.
    bananas.warehouseId = jerseyCityId;
    const dropped = aGuestLine('g1', { ...bananas, warehouseId: carrots.warehouseId }, 2);
    const kept = aGuestLine('g2', carrots, 5);
    guestCartStore.write([dropped, kept]);
    renderApp(app, { api });

    await waitFor(() => expect(guestCartStore.read()).toEqual([{ ...kept, quantity: 3 }]));
    await openCart();
    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Baby Carrots']);
    expect(within(within(items).getByRole('listitem', { name: 'Baby Carrots' })).getByLabelText('Quantity')).toHaveTextContent('3');
    const notice = screen.getByRole('status');
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Bananas was removed: This item is not available.',
      'Baby Carrots was reduced to 3: Only 3 left in stock.',
    ]);
  });

  it('leaves the browser cart alone for staff, who have no cart', async () => {
    guestCartStore.write([aGuestLine('g1', bananas, 2)]);
    renderApp(
      <>
        <CartSync />
        <NoCartNotice />
      </>,
      { api, user: 'admin' },
    );
    // Once the viewer is known to be staff, nothing is sent.
    expect(await screen.findByRole('note')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((request) => request.path.startsWith('/api/cart'))).toEqual([]);
    expect(localStorage.getItem('groc_cart')).not.toBeNull();
  });
});
