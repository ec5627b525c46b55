import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aProduct, aUser, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
let customer: FakeUser;

/** The browser's own idea of the connection, as a reload while offline leaves it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
}

function comeBackOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('pages while offline', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    customer = aUser('customer');
    api.data.products = [aProduct(1, { name: 'Brie de Meaux' }), aProduct(2, { name: 'Sourdough' })];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('shows the catalog from whatever answers (the saved copy offline) and says the results are saved ones', async () => {
    goOffline();
    renderApp(routes, { api, path: '/products' });

    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    expect(screen.getByText('Showing saved results — you are offline')).toBeInTheDocument();
  });

  it('says nothing about saved results while online', async () => {
    renderApp(routes, { api, path: '/products' });

    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    expect(screen.queryByText('Showing saved results — you are offline')).not.toBeInTheDocument();
  });

  it("never shows a signed-in customer's orders offline, and loads them once the connection is back", async () => {
    const order = orderFakes(api).add(anOrder(1), customer);
    goOffline();
    renderApp(routes, { api, path: '/orders', user: customer });

    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(screen.queryByText(order.orderNumber)).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/orders')).toHaveLength(0);

    comeBackOnline();
    expect(await screen.findByText(order.orderNumber)).toBeInTheDocument();
  });

  it("says at once that a signed-in customer's add to cart needs a connection, and adds nothing once it is back", async () => {
    renderApp(routes, { api, path: '/products', user: customer });
    const add = await screen.findByRole('button', { name: 'Add Brie de Meaux to cart' });
    goOffline();
    // What the browser does with a request while offline.
    api.on('POST /api/cart/items', () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(add);

    expect(await screen.findByText('Failed to add item to cart')).toBeInTheDocument();
    expect(screen.getByText('Connection issue detected. Please check your internet connection and try again.')).toBeInTheDocument();
    const tried = api.requestsTo('POST /api/cart/items').length;
    expect(tried).toBe(1);
    comeBackOnline();
    // Nothing was left waiting to be sent when the connection returned.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('POST /api/cart/items')).toHaveLength(tried);
  });

  it('keeps a visitor whose session cannot be checked on the page, saying it needs a connection, instead of sending them to sign in', async () => {
    goOffline();
    renderApp(routes, { api, path: '/orders' });

    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /sign in/i })).not.toBeInTheDocument();
  });
});
